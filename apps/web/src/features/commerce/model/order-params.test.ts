import { describe, expect, it } from 'vitest';
import { yuanText } from './money';
import { parseApiOrderParams, parseOrderParams } from './order-params';
import { clockText } from './use-countdown';

const q = (text: string) => new URLSearchParams(text);

describe('order page queries', () => {
  it('reads gid and the renew flag', () => {
    expect(parseOrderParams(q('gid=13&state=1&isRenew=1'))).toEqual({ gid: 13, renew: true });
    expect(parseOrderParams(q('gid=6&state=2&isRenew=0'))).toEqual({ gid: 6, renew: false });
    expect(parseOrderParams(q('gid=6&isRenew=true'))).toEqual({ gid: 6, renew: true });
    expect(parseOrderParams(q('gid=abc'))).toBeNull();
    expect(parseOrderParams(q('gid=0'))).toBeNull();
    expect(parseOrderParams(q(''))).toBeNull();
  });

  it('defaults the API package to gid 14', () => {
    expect(parseApiOrderParams(q(''))).toEqual({ gid: 14, renew: false });
    expect(parseApiOrderParams(q('gid=x'))).toBeNull();
  });
});

describe('formatting', () => {
  it('prints yuan and the countdown', () => {
    expect(yuanText(19133.7)).toBe('¥19133.70');
    expect(yuanText(-666.3)).toBe('-¥666.30');
    expect(clockText(600)).toBe('10:00');
    expect(clockText(59)).toBe('00:59');
  });
});
