// The signed-in user's account (GET auth/info/) and password recovery (POST api/users/findPassword/).
import { z } from 'zod';
import { MSG } from './messages.js';
import { hashedPassword, optionalText, rules } from './validation.js';

/** GET auth/info/ data (docs/requirements.md §7). */
export const userInfoSchema = z.object({
  id: z.number(),
  roles: z.array(z.string()),
  username: z.string(),
  avatar: z.string(),
  email: z.string(),
  createTime: z.string(),
  level: z.number(),
  is_one_click: z.boolean(),
  /** Site code of the account (kept in the CCW-Site cookie). */
  s: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** POST api/users/findPassword/ (form or JSON). `username` picks one account when the mobile has several. */
export const findPasswordBody = z
  .object({
    telphone: rules.mobile,
    verifycode: rules.smsCode,
    newpassword: hashedPassword(MSG.passwordRequired),
    surepassword: hashedPassword(MSG.confirmRequired),
    username: optionalText(64),
  })
  .refine((b) => b.newpassword === b.surepassword, {
    message: MSG.confirmMismatch,
    path: ['surepassword'],
  });
export type FindPasswordBody = z.input<typeof findPasswordBody>;

/** data of find-password's 20013 answer: the accounts of the mobile to choose from. */
export const accountChoiceSchema = z.object({ username: z.string(), company_name: z.string() });
export type AccountChoice = z.infer<typeof accountChoiceSchema>;
