import { describe, expect, it } from 'vitest';
import { accountLoginBody, loginBody } from './auth.js';
import { MSG } from './messages.js';

const hash = 'a'.repeat(64);
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('loginBody', () => {
  it('reads the type from form text and defaults to account login', () => {
    expect(loginBody.parse({ username: 'demouser', password: hash })).toMatchObject({ type: 2 });
    expect(
      loginBody.parse({ type: '1', phone: '13800138000', verifycode: '1234', rememberMe: 'true' }),
    ).toEqual({
      type: 1,
      phone: '13800138000',
      verifycode: '1234',
      rememberMe: true,
    });
    expect(
      loginBody.parse({
        type: '3',
        username: 'nophone01',
        password: hash,
        phone: '13800138000',
        verifycode: '1234',
      }),
    ).toMatchObject({ type: 3, rememberMe: false });
  });

  it('gives the field message of the chosen type, or says the type is unsupported', () => {
    expect(firstMessage(loginBody.safeParse({ type: 1, verifycode: '1234' }))).toBe(MSG.mobileInvalid);
    expect(firstMessage(loginBody.safeParse({ password: hash }))).toBe(MSG.loginUsernameRequired);
    expect(firstMessage(loginBody.safeParse({ type: 7 }))).toBe(MSG.loginTypeUnsupported);
    expect(firstMessage(loginBody.safeParse({ type: 'x' }))).toBe(MSG.loginTypeUnsupported);
  });
});

describe('account login body', () => {
  it('accepts a form body and coerces flags', () => {
    const r = accountLoginBody.parse({ username: 'demouser', password: hash, rememberMe: 'true', type: '2' });
    expect(r).toMatchObject({ username: 'demouser', rememberMe: true, type: 2 });
  });
  it('gives the Chinese messages of docs/requirements.md', () => {
    expect(firstMessage(accountLoginBody.safeParse({ password: hash }))).toBe(MSG.loginUsernameRequired);
    expect(firstMessage(accountLoginBody.safeParse({ username: 'demouser' }))).toBe(
      MSG.loginPasswordRequired,
    );
  });
});
