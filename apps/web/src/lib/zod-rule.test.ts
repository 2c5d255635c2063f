import { MSG, rules } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { zodRule } from './zod-rule';

async function check(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('expected a validator rule');
  try {
    await rule.validator({}, value, () => {});
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  it('reports the shared messages of the login rules', async () => {
    expect(await check(zodRule(rules.loginUsername), undefined)).toBe(MSG.loginUsernameRequired);
    expect(await check(zodRule(rules.loginUsername), '   ')).toBe(MSG.loginUsernameRequired);
    expect(await check(zodRule(rules.loginUsername), 'demouser')).toBeNull();
    expect(await check(zodRule(rules.loginPassword), '')).toBe(MSG.loginPasswordRequired);
    expect(await check(zodRule(rules.loginPassword), 'x')).toBeNull();
  });
  it('reports the first issue of a multi-step rule', async () => {
    expect(await check(zodRule(rules.password), 'abc')).toBe(MSG.passwordTooShort);
    expect(await check(zodRule(rules.password), 'abcdefgh')).toBe(MSG.passwordInvalid);
    expect(await check(zodRule(rules.mobile), '12800138000')).toBe(MSG.mobileInvalid);
    expect(await check(zodRule(rules.smsCode), '12a4')).toBe(MSG.codeInvalid);
    expect(await check(zodRule(rules.smsCode), '1234')).toBeNull();
  });
});

describe('zodRule with a lazily loaded schema', () => {
  it('loads the schema on first validation', async () => {
    const rule = zodRule(async () => rules.loginUsername);
    expect(await check(rule, '')).toBe(MSG.loginUsernameRequired);
    expect(await check(rule, 'demouser')).toBeNull();
  });
});
