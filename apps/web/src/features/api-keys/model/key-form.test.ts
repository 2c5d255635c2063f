import { describe, expect, it } from 'vitest';
import { ipLines, keyBodyOf } from './key-form';

describe('创建密钥 form', () => {
  it('reads the allow-list one address a line, blanks dropped', () => {
    expect(ipLines('203.0.113.10\n\n 2001:db8::1 \r\n')).toEqual(['203.0.113.10', '2001:db8::1']);
    expect(ipLines('1.2.3.4, 5.6.7.8')).toEqual(['1.2.3.4', '5.6.7.8']);
    expect(ipLines(undefined)).toEqual([]);
  });

  it('sends the trimmed name and the addresses', () => {
    expect(keyBodyOf({ name: ' 官网 ', ips: '1.2.3.4\n' })).toEqual({ name: '官网', ip_allow: ['1.2.3.4'] });
    expect(keyBodyOf({ name: '官网' })).toEqual({ name: '官网', ip_allow: [] });
  });
});
