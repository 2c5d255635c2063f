import { describe, expect, it } from 'vitest';
import { chinaDateTime, chinaRfc3339, headerValue, parseChinaDateTime, truncateUtf8 } from './common.js';

describe('payment helpers', () => {
  it('writes China time whatever the server zone', () => {
    const at = new Date('2026-12-31T16:30:05Z');
    expect(chinaRfc3339(at)).toBe('2027-01-01T00:30:05+08:00');
    expect(chinaDateTime(at)).toBe('2027-01-01 00:30:05');
    expect(parseChinaDateTime('2027-01-01 00:30:05')?.toISOString()).toBe(at.toISOString());
    expect(parseChinaDateTime('2027-01-01T00:30:05')).toBeNull();
  });

  it('cuts text by UTF-8 bytes on character boundaries', () => {
    expect(truncateUtf8('abc', 3)).toBe('abc');
    expect(truncateUtf8('会员版', 7)).toBe('会员');
    expect(truncateUtf8('a😀b', 4)).toBe('a');
  });

  it('reads one header value regardless of case, refusing repeats', () => {
    expect(headerValue({ 'Wechatpay-Serial': 'S' }, 'wechatpay-serial')).toBe('S');
    expect(headerValue({ 'wechatpay-serial': ['S', 'T'] }, 'Wechatpay-Serial')).toBeUndefined();
    expect(headerValue({ 'wechatpay-serial': '' }, 'Wechatpay-Serial')).toBeUndefined();
  });
});
