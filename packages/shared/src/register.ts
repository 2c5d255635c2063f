// Registration (POST /auth/register/, docs/requirements.md §5 and §7).
import { z } from 'zod';
import { MSG } from './messages.js';
import { hashedPassword, rules } from './validation.js';

/** POST /auth/register/ (form or JSON). Passwords arrive hashed, so only their equality can be checked here. */
export const registerBody = z
  .object({
    company: rules.company,
    username: rules.username,
    new_password1: hashedPassword(MSG.passwordRequired),
    new_password2: hashedPassword(MSG.confirmRequired),
    telphone: rules.mobile,
    verifycode: rules.smsCode,
    source: rules.source,
  })
  .refine((b) => b.new_password1 === b.new_password2, {
    message: MSG.confirmMismatch,
    path: ['new_password2'],
  });
export type RegisterBody = z.input<typeof registerBody>;

/** POST /auth/register/ answer: code 201 on success; every failure carries its Chinese text in both message and data
 *  (the client shows data). */
export const registerAnswerSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.string().nullable(),
  detail: z.string().optional(),
});
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;
