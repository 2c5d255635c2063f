import { describe, expect, it } from 'vitest';
import { findPasswordBody, loginBody, registerBody, sliderVerifyBody } from './identity.js';
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

describe('registration and recovery bodies', () => {
  const register = {
    company: '深圳市测试科技有限公司',
    username: 'newcomp01',
    new_password1: hash,
    new_password2: hash,
    telphone: '13900000000',
    verifycode: '1234',
  };

  it('require equal password hashes', () => {
    expect(registerBody.safeParse(register).success).toBe(true);
    expect(firstMessage(registerBody.safeParse({ ...register, new_password2: 'b'.repeat(64) }))).toBe(
      MSG.confirmMismatch,
    );
    const recovery = { telphone: '13900000000', verifycode: '1234', newpassword: hash, surepassword: hash };
    expect(findPasswordBody.parse({ ...recovery, username: '' }).username).toBeUndefined();
    expect(firstMessage(findPasswordBody.safeParse({ ...recovery, surepassword: '' }))).toBe(
      MSG.confirmRequired,
    );
  });

  it('accept a slider answer from a form', () => {
    expect(sliderVerifyBody.parse({ username: 'k', blockX: '120.5', duration: '800' })).toMatchObject({
      blockX: 120.5,
      duration: 800,
    });
  });
});
