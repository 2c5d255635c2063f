import { describe, expect, it } from 'vitest';
import { parseIframeHeight } from './iframe-height';

describe('parseIframeHeight', () => {
  it('accepts the typed message and a bare number', () => {
    expect(parseIframeHeight({ type: 'uc:iframe-height', height: 1234 })).toBe(1234);
    expect(parseIframeHeight(800.2)).toBe(801);
  });
  it('clamps to a sane range', () => {
    expect(parseIframeHeight(10)).toBe(200);
    expect(parseIframeHeight(10_000_000)).toBe(100_000);
  });
  it('ignores anything else', () => {
    for (const data of [
      { type: 'other', height: 5 },
      { height: 500 },
      'x',
      null,
      Number.NaN,
      -5,
      { type: 'uc:iframe-height', height: '5' },
    ]) {
      expect(parseIframeHeight(data)).toBeNull();
    }
  });
});
