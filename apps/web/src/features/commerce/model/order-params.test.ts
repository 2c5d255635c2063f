import { describe, expect, it } from 'vitest';
import { yuanText } from '../../../lib/ui/yuan-text';
import { clockText } from './clock-text';
import { creditOrder, parseApiOrderParams, parseCreditOrderParams, parseOrderParams } from './order-params';

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

  it('reads the credit order page’s tool, pack and count', () => {
    expect(parseCreditOrderParams(q('tool=hts_score&pack=7&count=3'))).toEqual({
      tool: 'hts_score',
      pack: 7,
      count: 3,
    });
    expect(parseCreditOrderParams(q('tool=hts_score'))).toEqual({ tool: 'hts_score', pack: null });
    expect(parseCreditOrderParams(q('tool=hts_score&pack=x&count=9'))).toEqual({
      tool: 'hts_score',
      pack: null,
    });
    expect(parseCreditOrderParams(q('tool=nope&pack=1'))).toBeNull();
    expect(parseCreditOrderParams(q(''))).toBeNull();
    expect(creditOrder('match_exact', 4, 2)).toEqual({
      gid: 90,
      renew: false,
      pack: { tool: 'match_exact', id: 4 },
      count: 2,
    });
  });

  it('defaults the API package to gid 14', () => {
    expect(parseApiOrderParams(q(''))).toEqual({ gid: 14, renew: false });
    expect(parseApiOrderParams(q('gid=x'))).toBeNull();
  });

  it('reads a quantity of 1 to 5 for both pages and ignores a malformed one', () => {
    expect(parseOrderParams(q('gid=6&state=2&isRenew=0&count=3'))).toEqual({
      gid: 6,
      renew: false,
      count: 3,
    });
    expect(parseApiOrderParams(q('gid=14&count=5'))).toEqual({ gid: 14, renew: false, count: 5 });
    expect(parseApiOrderParams(q('count=2'))).toEqual({ gid: 14, renew: false, count: 2 });
    for (const bad of ['0', '6', '12', '-1', '2.5', 'abc', '', ' 2', '02']) {
      expect(parseOrderParams(q(`gid=13&count=${encodeURIComponent(bad)}`))).toEqual({
        gid: 13,
        renew: false,
      });
      expect(parseApiOrderParams(q(`count=${encodeURIComponent(bad)}`))).toEqual({ gid: 14, renew: false });
    }
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
