// Logging in (POST auth/login/, docs/requirements.md §7): the token it returns and the bodies of its three login types.
import { z } from 'zod';
import { MSG } from './messages.js';
import { rules } from './validation.js';

/** JWT payload (docs/requirements.md §3). */
export interface TokenPayload {
  user_id: number;
  username: string;
  email: string;
  is_service: boolean;
  level: number;
  exp: number;
  group_id: number;
  area: string;
  jti: string;
}

/** POST auth/login/ success data. */
export const loginDataSchema = z.object({ token: z.string() });
export type LoginData = z.infer<typeof loginDataSchema>;

/** POST auth/login/ data of a refusal because the username is locked (20002): the client shows the slider captcha,
 *  then sends the login again. */
export const captchaNeededSchema = z.object({ captcha: z.literal(true) });
export type CaptchaNeeded = z.infer<typeof captchaNeededSchema>;

/** A form checkbox or a JSON boolean, read as a boolean (absent = false). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** Login types: 1 SMS code, 2 account, 3 bind mobile and log in (docs/requirements.md §7). */
export const LOGIN_TYPE = { sms: 1, account: 2, bind: 3 } as const;

/** POST auth/login/ body for account login (type 2). */
export const accountLoginBody = z.object({
  type: z.coerce.number().pipe(z.literal(LOGIN_TYPE.account)).default(LOGIN_TYPE.account),
  username: rules.loginUsername,
  password: rules.passwordHash,
  rememberMe: flag,
  source: rules.source,
});
export type AccountLoginBody = z.input<typeof accountLoginBody>;

const source = accountLoginBody.shape.source;

/** POST auth/login/ type 1: log in with an SMS code sent by GET /api/message/. */
export const smsLoginBody = z.object({
  type: z.literal(LOGIN_TYPE.sms),
  phone: rules.mobile,
  verifycode: rules.smsCode,
  rememberMe: flag,
  source,
});

/** POST auth/login/ type 3: bind a mobile (code from purpose=bind) to an account and log in. */
export const bindLoginBody = z.object({
  type: z.literal(LOGIN_TYPE.bind),
  username: accountLoginBody.shape.username,
  password: rules.passwordHash,
  phone: rules.mobile,
  verifycode: rules.smsCode,
  rememberMe: flag,
  source,
});

/** Form bodies carry the type as text and may omit it (account login). */
function normaliseLoginType(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const type: unknown = (body as { type?: unknown }).type;
  if (type === undefined || type === '') return { ...body, type: LOGIN_TYPE.account };
  if (typeof type === 'string' && /^\d+$/.test(type.trim())) return { ...body, type: Number(type) };
  return body;
}

/** Every POST auth/login/ body: type 1 (SMS), 2 (account, the default) or 3 (bind and log in). */
export const loginBody = z.preprocess(
  normaliseLoginType,
  z.discriminatedUnion(
    'type',
    [smsLoginBody, accountLoginBody.extend({ type: z.literal(LOGIN_TYPE.account) }), bindLoginBody],
    { error: MSG.loginTypeUnsupported },
  ),
);
export type LoginBody = z.input<typeof loginBody>;
