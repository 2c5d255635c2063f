// Account and team (docs/requirements.md §7 "Auth and users"): the account's own information and security, re-authentication,
// and the sub-accounts a main account manages. docs/api.md ("Account and team") gives the meaning of each call.
import { z } from 'zod';
import { textField } from './fields.js';
import { MSG } from './messages.js';
import type { Page } from './paging.js';
import { POLICY_CATEGORY_KEYS } from './policy.js';
import { hashedPassword, rules } from './validation.js';

/**
 * Paths exactly as docs/requirements.md §7 writes them (with a leading slash), plus the calls it leaves to the product (avatar,
 * profile, security state, the session list, the two SMS sends). `{id}` / `{jti}` are filled with `fillPath` (api-paths.ts).
 */
export const ACCOUNT_API = {
  // ---- the signed-in account's own data
  /** GET -> AccountProfile. */
  profile: '/api/users/profile/',
  /** POST name (contact name) -> AccountProfile. The company name is read-only. */
  updateUser: '/api/users/update_user/',
  /** POST multipart/form-data, one file part `file` (PNG or JPEG, at most 2 MB) -> AvatarData. */
  avatar: '/api/users/avatar/',
  /** POST oldpassword, newpassword, surepassword (SHA-256 hex), encoded -> PasswordChanged (a fresh token). */
  rechangePasswd: '/api/users/rechange_passwd/',
  /** POST password (SHA-256 hex) -> ReauthTicket. */
  checkPassword: '/api/users/checkPassword/',
  /** GET: sends a code (purpose verify) to the account's CURRENT mobile; needs a solved slider captcha. */
  verifyMessage: '/api/users/verify/message/',
  /** POST verifycode (sent by verifyMessage) -> ReauthTicket. */
  checkVerifyCode: '/api/users/checkVerifyCode/',
  /** GET query phone: sends a code (purpose rebind) to the NEW mobile; needs a solved slider captcha. */
  telphoneMessage: '/api/users/telphone/message/',
  /** POST telphone, verifycode (sent to telphone), ticket (ReauthTicket.ticket) -> AccountProfile. */
  updateTelphone: '/api/users/updateTelphone/',
  /** POST email, ticket -> EmailPending: a confirmation link is mailed to the new address. */
  updateEmail: '/api/users/updateEmail/',
  /** GET query token: the link of the confirmation mail; answers an HTML page (not JSON). */
  bindEmail: '/api/bind/email/',
  /** GET -> SecurityState. */
  security: '/api/users/security/',
  /** POST -> null: ends one session of the account (not the current one). */
  sessionLogout: '/api/users/sessions/{jti}/logout/',
  // ---- sub-accounts (main accounts only)
  /** GET query name?, page, size -> Page<SubAccountItem>. */
  userList: '/api/user/list/',
  /** GET -> SubAccountCount. */
  userCount: '/api/user/count/',
  /** GET -> ArchitectureNode (the main account, its sub-accounts as children). */
  architecture: '/api/user/architecture/',
  /** POST username, password, name, mobile? -> SubAccountItem (code 200, message 添加成功). */
  users: '/api/users/',
  /** PUT name?, mobile?, enabled? -> SubAccountItem; DELETE -> null. */
  user: '/api/users/{id}/',
  /** POST newpassword, surepassword (SHA-256 hex) -> null. */
  changePasswd: '/api/users/{id}/change-passwd/',
  /** POST -> ResetPasswordData: the new password in clear, shown once. */
  resetPassword: '/api/users/{id}/reset_password/',
  /** POST -> always refused (code ACCOUNT_CODE.noCustomerAccount): customer companies have no accounts. */
  resetCusPassword: '/api/users/{id}/reset_cus_password/',
  // ---- public
  /** GET -> PolicyCountItem[] (login page's left panel). */
  policyCount: '/api/all/policy/count/',
} as const;

/** Body codes of the account calls (HTTP 200, a business outcome); the message says what happened. */
export const ACCOUNT_CODE = {
  /** The re-auth ticket is missing, used or expired: check the password or an SMS code again. */
  reauthRequired: 20201,
  /** The old password is wrong (counts toward the login guard like a failed login). */
  oldPasswordWrong: 20202,
  /** A rule the server can check on hashes: the new password equals the old one. */
  passwordUnchanged: 20203,
  /** The mobile is already bound to another main account. */
  mobileTaken: 20204,
  /** The email confirmation link is unknown, used or expired. */
  emailTokenInvalid: 20205,
  /** The plan's sub-account limit is reached (or the plan allows none). */
  subAccountLimit: 20206,
  /** The account is disabled by its main account: login refused. */
  accountDisabled: 20207,
  /** reset_cus_password: customer companies have no accounts in this product. */
  noCustomerAccount: 20208,
  /** The session to end is the current one (use logout) or is not live. */
  sessionInvalid: 20209,
} as const;

/** Longest contact name. */
export const CONTACT_NAME_MAX = 20;
/** Longest email address (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Largest avatar file. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** How long a re-auth ticket lives. */
export const REAUTH_TICKET_SECONDS = 600;
/** How long an email confirmation link lives. */
export const EMAIL_TOKEN_HOURS = 24;

// ---- field rules

const contactName = textField(CONTACT_NAME_MAX, {
  error: MSG.contactNameRequired,
  tooLong: MSG.contactNameTooLong,
})
  .trim()
  .min(1, MSG.contactNameRequired);

const EMAIL_PATTERN =
  /^[^\s@"'<>()[\],;:\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export const emailField = textField(EMAIL_MAX, { error: MSG.emailRequired, tooLong: MSG.emailInvalid })
  .trim()
  .min(1, MSG.emailRequired)
  .refine((v) => EMAIL_PATTERN.test(v), MSG.emailInvalid)
  .transform((v) => v.toLowerCase());

/** A re-auth ticket as issued by checkPassword / checkVerifyCode. */
const ticketField = z
  .string({ error: MSG.reauthRequired })
  .min(1, MSG.reauthRequired)
  .max(128, MSG.reauthRequired)
  .regex(/^[A-Za-z0-9_-]+$/, MSG.reauthRequired);

/** A form checkbox or a JSON boolean for `enabled` (true/false, 1/0, on/off). */
const enabledField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])], { error: MSG.enabledInvalid })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** An optional mobile: '' or null reads as "none". */
const optionalMobile = z
  .union([z.literal(''), z.null(), rules.mobile], { error: MSG.mobileInvalid })
  .optional()
  .transform((v) => (v ? v : v === undefined ? undefined : null));

// ---- request bodies

/** POST api/users/update_user/ */
export const updateUserBody = z.object({ name: contactName });
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** POST api/users/rechange_passwd/: all three SHA-256 hex; `encoded` ('1'/true) says they are hashed (always). */
export const rechangePasswdBody = z
  .object({
    oldpassword: hashedPassword(MSG.oldPasswordRequired),
    newpassword: hashedPassword(MSG.passwordRequired),
    surepassword: hashedPassword(MSG.confirmRequired),
    encoded: z.union([z.boolean(), z.string().max(8), z.number()]).optional(),
  })
  .refine((b) => b.newpassword === b.surepassword, { message: MSG.confirmMismatch, path: ['surepassword'] });
export type RechangePasswdBody = z.input<typeof rechangePasswdBody>;

/** POST api/users/checkPassword/ */
export const checkPasswordBody = z.object({ password: hashedPassword(MSG.passwordRequired) });
export type CheckPasswordBody = z.input<typeof checkPasswordBody>;

/** POST api/users/checkVerifyCode/ */
export const checkVerifyCodeBody = z.object({ verifycode: rules.smsCode });
export type CheckVerifyCodeBody = z.input<typeof checkVerifyCodeBody>;

/** GET api/users/telphone/message/ query. */
export const telphoneMessageQuery = z.object({ phone: rules.mobile });
export type TelphoneMessageQuery = z.infer<typeof telphoneMessageQuery>;

/** POST api/users/updateTelphone/ */
export const updateTelphoneBody = z.object({
  telphone: rules.mobile,
  verifycode: rules.smsCode,
  ticket: ticketField,
});
export type UpdateTelphoneBody = z.input<typeof updateTelphoneBody>;

/** POST api/users/updateEmail/ */
export const updateEmailBody = z.object({ email: emailField, ticket: ticketField });
export type UpdateEmailBody = z.input<typeof updateEmailBody>;

/** GET /api/bind/email/ query (the token of the mail's link). */
export const bindEmailQuery = z.object({ token: z.string().max(128).optional() });

/** GET api/user/list/ query besides page and size. */
export const userListQuery = z.object({
  name: textField(32)
    .trim()
    .optional()
    .transform((v) => v || undefined),
});

/** POST api/users/: a new sub-account (the registration rules for username, password and mobile). */
export const addSubAccountBody = z
  .object({
    username: rules.username,
    password: hashedPassword(MSG.passwordRequired),
    /** Optional confirmation (SHA-256 hex); when sent it must equal `password`. */
    surepassword: z.string().max(64).optional(),
    name: contactName,
    mobile: optionalMobile,
  })
  .refine((b) => b.surepassword === undefined || b.surepassword === '' || b.surepassword === b.password, {
    message: MSG.confirmMismatch,
    path: ['surepassword'],
  });
export type AddSubAccountBody = z.input<typeof addSubAccountBody>;

/** PUT api/users/{id}/: any of the three; a mobile of '' or null removes it. */
export const editSubAccountBody = z.object({
  name: contactName.optional(),
  mobile: optionalMobile,
  enabled: enabledField.optional(),
});
export type EditSubAccountBody = z.input<typeof editSubAccountBody>;

/** POST api/users/{id}/change-passwd/ */
export const changeSubPasswordBody = z
  .object({
    newpassword: hashedPassword(MSG.passwordRequired),
    surepassword: hashedPassword(MSG.confirmRequired),
  })
  .refine((b) => b.newpassword === b.surepassword, { message: MSG.confirmMismatch, path: ['surepassword'] });
export type ChangeSubPasswordBody = z.input<typeof changeSubPasswordBody>;

// ---- response data

/** GET api/users/profile/, POST update_user/ and updateTelphone/ data. */
export const profileSchema = z.object({
  id: z.number(),
  username: z.string(),
  /** Read-only. */
  company_name: z.string(),
  /** Contact name ('' when never set). */
  name: z.string(),
  /** The confirmed email ('' for none). */
  email: z.string(),
  /** An address waiting for its confirmation link ('' for none). */
  email_pending: z.string(),
  /** Masked: 138****0000 ('' for none). */
  mobile: z.string(),
  /** As GET auth/info/ gives it: a path the client prefixes with the main-site host (docs/api.md). */
  avatar: z.string(),
  is_sub: z.boolean(),
  createTime: z.string(),
});
export type AccountProfile = z.infer<typeof profileSchema>;

/** POST api/users/avatar/ data. */
export const avatarSchema = z.object({ avatar: z.string() });
export type AvatarData = z.infer<typeof avatarSchema>;

/** POST api/users/rechange_passwd/ data: the current session's fresh token (the others have ended). */
export const passwordChangedSchema = z.object({ token: z.string() });
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;

/** POST checkPassword/ and checkVerifyCode/ data: one-time, for updateTelphone/ or updateEmail/. */
export const reauthTicketSchema = z.object({
  ticket: z.string(),
  /** Seconds left (REAUTH_TICKET_SECONDS). */
  expires_in: z.number(),
});
export type ReauthTicket = z.infer<typeof reauthTicketSchema>;

/** POST api/users/updateEmail/ data. */
export const emailPendingSchema = z.object({
  /** Masked address the link was sent to. */
  email_pending: z.string(),
  /** Hours the link stays valid. */
  expires_in_hours: z.number(),
});
export type EmailPending = z.infer<typeof emailPendingSchema>;

export const LOGIN_METHODS = ['password', 'sms', 'bind'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const loginEventSchema = z.object({
  time: z.string(),
  ip: z.string(),
  /** From the user agent, e.g. "Chrome 120 / Windows 10". */
  device: z.string(),
  method: z.enum(LOGIN_METHODS),
  success: z.boolean(),
});
export type LoginEventItem = z.infer<typeof loginEventSchema>;

export const sessionItemSchema = z.object({
  /** Pass to ACCOUNT_API.sessionLogout. */
  jti: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  ip: z.string(),
  device: z.string(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

export const SECURITY_ACTIONS = [
  'password_changed',
  'mobile_changed',
  'email_requested',
  'email_confirmed',
  'profile_changed',
  'avatar_changed',
  'session_ended',
  'sub_added',
  'sub_updated',
  'sub_enabled',
  'sub_disabled',
  'sub_deleted',
  'sub_password_reset',
  'sub_password_changed',
] as const;
export type SecurityAction = (typeof SECURITY_ACTIONS)[number];

/** What each audit action is called on screen. */
export const SECURITY_ACTION_LABEL: Record<SecurityAction, string> = {
  password_changed: '修改密码',
  mobile_changed: '更换手机号',
  email_requested: '申请绑定邮箱',
  email_confirmed: '邮箱绑定成功',
  profile_changed: '修改账号信息',
  avatar_changed: '更换头像',
  session_ended: '下线设备',
  sub_added: '添加子账号',
  sub_updated: '修改子账号',
  sub_enabled: '启用子账号',
  sub_disabled: '停用子账号',
  sub_deleted: '删除子账号',
  sub_password_reset: '重置子账号密码',
  sub_password_changed: '修改子账号密码',
};

export const securityEventSchema = z.object({
  time: z.string(),
  action: z.enum(SECURITY_ACTIONS),
  /** SECURITY_ACTION_LABEL[action]. */
  label: z.string(),
  /** Username of who did it (the main account for a change made to a sub-account). */
  actor: z.string(),
  /** Username of the sub-account changed, '' for the account's own changes. */
  target: z.string(),
  ip: z.string(),
});
export type SecurityEventItem = z.infer<typeof securityEventSchema>;

/** GET api/users/security/ data. */
export const securityStateSchema = z.object({
  /** Masked ('' for none). */
  mobile: z.string(),
  /** Masked confirmed address ('' for none). */
  email: z.string(),
  email_confirmed: z.boolean(),
  /** Masked address waiting for confirmation ('' for none). */
  email_pending: z.string(),
  /** ISO-8601; null when never changed since the account was created. */
  password_changed_at: z.string().nullable(),
  /** The last 10, newest first. */
  login_events: z.array(loginEventSchema),
  /** Live sessions, newest first. */
  sessions: z.array(sessionItemSchema),
  /** The last 20 audit rows of this account (its own changes, and for a main account the changes to its team). */
  audit: z.array(securityEventSchema),
});
export type SecurityState = z.infer<typeof securityStateSchema>;

/** A row of GET api/user/list/ and the answer of add / edit. */
export const subAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  /** Contact name. */
  name: z.string(),
  /** Full mobile ('' for none): the main account manages it. */
  mobile: z.string(),
  enabled: z.boolean(),
  createTime: z.string(),
  /** Start of its latest session, null if it never logged in. */
  last_login: z.string().nullable(),
});
export type SubAccountItem = z.infer<typeof subAccountSchema>;

export type SubAccountPage = Page<SubAccountItem>;

/** GET /api/user/count/ data: sub-accounts in use and the plan's limit. */
export const subAccountCountSchema = z.object({ count: z.number(), limit: z.number() });
export type SubAccountCount = z.infer<typeof subAccountCountSchema>;

const architectureFields = {
  id: z.number(),
  username: z.string(),
  name: z.string(),
  company_name: z.string(),
  is_sub: z.boolean(),
  enabled: z.boolean(),
};
/** GET api/user/architecture/ data: the main account with its sub-accounts (two levels: a sub-account has none). */
export const architectureSchema = z.object({
  ...architectureFields,
  children: z.array(z.object({ ...architectureFields, children: z.array(z.never()) })),
});
export type ArchitectureNode = z.infer<typeof architectureSchema>;

/** POST api/users/{id}/reset_password/ data: shown once, never stored in clear. */
export const resetPasswordDataSchema = z.object({ password: z.string() });
export type ResetPasswordData = z.infer<typeof resetPasswordDataSchema>;

/** GET /api/all/policy/count/ data item. */
export const policyCountItemSchema = z.object({
  type: z.enum(POLICY_CATEGORY_KEYS),
  /** 申报通知 / 公示公告 / 政策动态 */
  name: z.string(),
  count: z.number(),
});
export type PolicyCountItem = z.infer<typeof policyCountItemSchema>;
