import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { confirmMatches, firstIssue, rules } from './validation.js';

const msg = (schema: { safeParse: (v: unknown) => never }, value: unknown) =>
  firstIssue(schema.safeParse(value));
const check = (schema: unknown, value: unknown) => msg(schema as never, value);

describe('registration rules (docs/requirements.md §5)', () => {
  it('company', () => {
    expect(check(rules.company, '')).toBe(MSG.companyRequired);
    expect(check(rules.company, undefined)).toBe(MSG.companyRequired);
    expect(check(rules.company, '123456')).toBe(MSG.companyInvalid);
    expect(check(rules.company, '深'.repeat(26))).toBe(MSG.companyTooLong);
    expect(check(rules.company, '深'.repeat(25))).toBeNull();
  });
  it('username', () => {
    expect(check(rules.username, '')).toBe(MSG.usernameRequired);
    expect(check(rules.username, 'abc12')).toBe(MSG.usernameTooShort);
    expect(check(rules.username, 'a'.repeat(17))).toBe(MSG.usernameTooLong);
    expect(check(rules.username, '1abcdef')).toBe(MSG.usernameInvalid);
    expect(check(rules.username, 'ab_cdef')).toBe(MSG.usernameInvalid);
    expect(check(rules.username, '13800138000')).toBeNull();
    expect(check(rules.username, 'demouser')).toBeNull();
  });
  it('password', () => {
    expect(check(rules.password, '')).toBe(MSG.passwordRequired);
    expect(check(rules.password, 'abc123')).toBe(MSG.passwordTooShort);
    expect(check(rules.password, 'abcdefgh')).toBe(MSG.passwordInvalid);
    expect(check(rules.password, '12345678')).toBe(MSG.passwordInvalid);
    expect(check(rules.password, 'abcd1234!')).toBe(MSG.passwordInvalid);
    expect(check(rules.password, 'Demo12345')).toBeNull();
  });
  it('confirm password', () => {
    expect(confirmMatches('Demo12345', '')).toBe(MSG.confirmRequired);
    expect(confirmMatches('Demo12345', 'Demo12346')).toBe(MSG.confirmMismatch);
    expect(confirmMatches('Demo12345', 'Demo12345')).toBeNull();
  });
  it('mobile and code', () => {
    expect(check(rules.mobile, '12800138000')).toBe(MSG.mobileInvalid);
    expect(check(rules.mobile, '1380013800')).toBe(MSG.mobileInvalid);
    expect(check(rules.mobile, '13800138000')).toBeNull();
    expect(check(rules.smsCode, '')).toBe(MSG.codeRequired);
    expect(check(rules.smsCode, '12a4')).toBe(MSG.codeInvalid);
    expect(check(rules.smsCode, '12345')).toBe(MSG.codeInvalid);
    expect(check(rules.smsCode, '1234')).toBeNull();
  });
});
