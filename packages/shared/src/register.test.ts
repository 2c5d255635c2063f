import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { registerBody } from './register.js';

const hash = 'a'.repeat(64);
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('registerBody', () => {
  const register = {
    company: '深圳市测试科技有限公司',
    username: 'newcomp01',
    new_password1: hash,
    new_password2: hash,
    telphone: '13900000000',
    verifycode: '1234',
  };

  it('requires equal password hashes', () => {
    expect(registerBody.safeParse(register).success).toBe(true);
    expect(firstMessage(registerBody.safeParse({ ...register, new_password2: 'b'.repeat(64) }))).toBe(
      MSG.confirmMismatch,
    );
  });
});
