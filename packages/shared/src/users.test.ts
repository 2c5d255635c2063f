import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { findPasswordBody } from './users.js';

const hash = 'a'.repeat(64);
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('findPasswordBody', () => {
  it('drops an empty username and requires the confirmation', () => {
    const recovery = { telphone: '13900000000', verifycode: '1234', newpassword: hash, surepassword: hash };
    expect(findPasswordBody.parse({ ...recovery, username: '' }).username).toBeUndefined();
    expect(firstMessage(findPasswordBody.safeParse({ ...recovery, surepassword: '' }))).toBe(
      MSG.confirmRequired,
    );
  });
});
