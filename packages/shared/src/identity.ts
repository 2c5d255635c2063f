// Request schemas and shapes of the identity endpoints (captcha, SMS codes, login types, registration, recovery).
import { z } from 'zod';
import { MSG } from './messages.js';
import { accountLoginBody, LOGIN_TYPE, rules } from './validation.js';

/** What an SMS code is for; each purpose has its own code, so one cannot be used for another. */
export const SMS_PURPOSE = {
  register: 'register',
  login: 'login',
  bind: 'bind',
  findpwd: 'findpwd',
} as const;
export type SmsPurpose = (typeof SMS_PURPOSE)[keyof typeof SMS_PURPOSE];

/** The captcha key the client chooses: the mobile number or a random id. */
const captchaKey = z.string({ error: MSG.badRequest }).trim().min(1, MSG.badRequest).max(64, MSG.badRequest);

/** GET api/slider_code/ query. */
export const sliderQuery = z.object({ username: captchaKey });

/** One sample of the drag: [x, y, t] with t in ms. */
export type TrailSample = [number, number, number];

const finite = z.coerce.number({ error: MSG.badRequest }).refine(Number.isFinite, MSG.badRequest);

/** POST api/slider_code/ body (form or JSON). `trail` is a JSON string or an array of [x, y, t]. */
export const sliderVerifyBody = z.object({
  username: captchaKey,
  blockX: finite,
  duration: finite.optional(),
  trail: z.union([z.string().max(20_000, MSG.badRequest), z.array(z.unknown()).max(2_000)]).optional(),
});
export type SliderVerifyBody = z.input<typeof sliderVerifyBody>;

/** GET api/slider_code/ data: one challenge. The piece image is 40x40; the client draws it at top = blockY. */
export interface SliderChallenge {
  blockY: number;
  /** data:image/png;base64 of the 260x120 background with the hole. */
  canvas_str: string;
  /** data:image/png;base64 of the 40x40 piece (transparent outside the jigsaw shape). */
  blockc_str: string;
}

/** GET /api/register/message/ and GET /api/message/ query. */
export const smsPhoneQuery = z.object({ phone: rules.mobile });

/** GET /api/login/message/ query: codes for bind-and-login and for find-password. */
export const smsPurposeQuery = z.object({
  phone: rules.mobile,
  purpose: z.enum([SMS_PURPOSE.bind, SMS_PURPOSE.findpwd], { error: MSG.badRequest }),
});

/** A password as it travels (SHA-256 hex), with the form's own "required" message. */
const hashedPassword = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).pipe(rules.passwordHash);

const rememberMe = accountLoginBody.shape.rememberMe;
const source = accountLoginBody.shape.source;

/** POST auth/login/ type 1: log in with an SMS code sent by GET /api/message/. */
export const smsLoginBody = z.object({
  type: z.literal(LOGIN_TYPE.sms),
  phone: rules.mobile,
  verifycode: rules.smsCode,
  rememberMe,
  source,
});

/** POST auth/login/ type 3: bind a mobile (code from purpose=bind) to an account and log in. */
export const bindLoginBody = z.object({
  type: z.literal(LOGIN_TYPE.bind),
  username: accountLoginBody.shape.username,
  password: rules.passwordHash,
  phone: rules.mobile,
  verifycode: rules.smsCode,
  rememberMe,
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

/** POST /auth/register/ (form or JSON). Passwords arrive hashed, so only their equality can be checked here. */
export const registerBody = z
  .object({
    company: rules.company,
    username: rules.username,
    new_password1: hashedPassword(MSG.passwordRequired),
    new_password2: hashedPassword(MSG.confirmRequired),
    telphone: rules.mobile,
    verifycode: rules.smsCode,
    source: z.string().trim().max(64).optional(),
  })
  .refine((b) => b.new_password1 === b.new_password2, {
    message: MSG.confirmMismatch,
    path: ['new_password2'],
  });
export type RegisterBody = z.input<typeof registerBody>;

/** POST api/users/findPassword/ (form or JSON). `username` picks one account when the mobile has several. */
export const findPasswordBody = z
  .object({
    telphone: rules.mobile,
    verifycode: rules.smsCode,
    newpassword: hashedPassword(MSG.passwordRequired),
    surepassword: hashedPassword(MSG.confirmRequired),
    username: z
      .string()
      .trim()
      .max(64, MSG.badRequest)
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((b) => b.newpassword === b.surepassword, {
    message: MSG.confirmMismatch,
    path: ['surepassword'],
  });
export type FindPasswordBody = z.input<typeof findPasswordBody>;

/** data of find-password's 20013 answer: the accounts of the mobile to choose from. */
export interface AccountChoice {
  username: string;
  company_name: string;
}

/** Websocket /ws/msg/{group_id}/ messages from the server. */
export interface PushMessage {
  code: number;
  message: string;
}
