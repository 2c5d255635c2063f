import { describe, expect, it } from 'vitest';
import { isSecretParam, REDACTED, redactUrl } from './log-url.js';

describe('redactUrl', () => {
  it('replaces the values of secret-looking parameters, whatever their case', () => {
    expect(redactUrl('/openapi/v1/companies?API_KEY=uck_live_abc&keyword=%E9%AB%98%E6%96%B0')).toBe(
      `/openapi/v1/companies?API_KEY=${REDACTED}&keyword=%E9%AB%98%E6%96%B0`,
    );
    expect(redactUrl('/pay/notify?sign=abc&Signature=def&out_trade_no=T1')).toBe(
      `/pay/notify?sign=${REDACTED}&Signature=${REDACTED}&out_trade_no=T1`,
    );
    expect(redactUrl('/push?token=eyJ.x.y&x-api-key=k&app_secret=s&resetToken=t')).toBe(
      `/push?token=${REDACTED}&x-api-key=${REDACTED}&app_secret=${REDACTED}&resetToken=${REDACTED}`,
    );
  });

  it('keeps the path, the other parameters and a parameter without a value as sent', () => {
    expect(redactUrl('/api/x/?page=1&size=20&industry_code=C&token')).toBe(
      '/api/x/?page=1&size=20&industry_code=C&token',
    );
    expect(redactUrl('/api/x/')).toBe('/api/x/');
    expect(redactUrl('/api/x/?')).toBe('/api/x/?');
  });

  it('reads percent-encoded and bracketed names, and repeats', () => {
    expect(redactUrl('/a?api%5Fkey=1&key[]=2&key=3')).toBe(
      `/a?api%5Fkey=${REDACTED}&key[]=${REDACTED}&key=${REDACTED}`,
    );
    expect(redactUrl('/a?%E0%A4%A=1')).toBe('/a?%E0%A4%A=1');
  });
});

describe('isSecretParam', () => {
  it('names keys, tokens, passwords, signatures, codes and tickets', () => {
    for (const name of [
      'api_key',
      'apikey',
      'key',
      'token',
      'access_token',
      'secret',
      'password',
      'sign',
      'signature',
      'code',
      'verifycode',
      'ticket',
      'sid',
    ])
      expect(isSecretParam(name), name).toBe(true);
  });

  it('leaves everyday parameters alone', () => {
    for (const name of ['keyword', 'page', 'phone', 'area_code', 'industry_code', 'monkey', 'q', 'type'])
      expect(isSecretParam(name), name).toBe(false);
  });
});
