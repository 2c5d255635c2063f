// Field rules of docs/requirements.md §5 as zod schemas carrying the exact Chinese messages; used by server and web.
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { cleanText, TEXT_MAX, textField } from './fields.js';
import { MSG } from './messages.js';

/** Longest login username looked up (registration allows 16; older accounts and mobiles fit in this). */
const LOGIN_USERNAME_MAX = 64;

/** Required text: refused when it holds an illegal character, then trimmed and checked for emptiness. */
const required = (message: string) =>
  cleanText(z.string({ error: message }))
    .trim()
    .min(1, message);

export const rules = {
  company: required(MSG.companyRequired)
    .refine((v) => !/^\d+$/.test(v), MSG.companyInvalid)
    .refine((v) => [...v].length <= LIMITS.companyMax, MSG.companyTooLong),
  username: required(MSG.usernameRequired)
    .refine((v) => v.length >= LIMITS.usernameMin, MSG.usernameTooShort)
    .refine((v) => v.length <= LIMITS.usernameMax, MSG.usernameTooLong)
    .refine((v) => /^\d+$/.test(v) || /^[A-Za-z][A-Za-z0-9]*$/.test(v), MSG.usernameInvalid),
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .refine((v) => v.length >= LIMITS.passwordMin, MSG.passwordTooShort)
    .refine((v) => /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]+$/.test(v), MSG.passwordInvalid),
  confirmPassword: z.string({ error: MSG.confirmRequired }).min(1, MSG.confirmRequired),
  mobile: z.string({ error: MSG.mobileInvalid }).regex(/^1[3-9]\d{9}$/, MSG.mobileInvalid),
  smsCode: required(MSG.codeRequired).refine((v) => /^\d{4}$/.test(v), MSG.codeInvalid),
  loginUsername: required(MSG.loginUsernameRequired).max(LOGIN_USERNAME_MAX, '用户名过长'),
  loginPassword: z.string({ error: MSG.loginPasswordRequired }).min(1, MSG.loginPasswordRequired),
  /** A password as it travels: SHA-256, lowercase hex (docs/architecture.md §5). */
  passwordHash: z
    .string({ error: MSG.loginPasswordRequired })
    .min(1, MSG.loginPasswordRequired)
    .regex(/^[0-9a-f]{64}$/, '密码格式有误，请刷新页面后重试'),
  /** Where a sign-up or login came from (a campaign tag): optional free text. */
  source: textField(64).trim().optional(),
} as const;

/** Optional free text of a single-line field, trimmed; '' reads as absent. */
export const optionalText = (max: number = TEXT_MAX) =>
  textField(max)
    .trim()
    .optional()
    .transform((v) => v || undefined);

/** A password as it travels (SHA-256 hex), with the form's own "required" message. */
export const hashedPassword = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).pipe(rules.passwordHash);

/** Checks the confirmation against the password (docs/requirements.md §5). */
export function confirmMatches(password: string | undefined, confirm: string | undefined): string | null {
  if (!confirm) return MSG.confirmRequired;
  return password === confirm ? null : MSG.confirmMismatch;
}

/** Returns the first message of a failed parse, for field-level validators. */
export function firstIssue(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | null {
  if (result.success) return null;
  return result.error?.issues[0]?.message ?? MSG.badRequest;
}
