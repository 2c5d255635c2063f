// Body codes of the response envelope (docs/architecture.md §4, docs/requirements.md §8).
export const CODE = {
  ok: 200,
  created: 201,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 503,
  internal: 500,
  /** Username or password wrong. */
  badCredentials: 20001,
  /** Account locked for a while after too many failures, or password logins from the IP paused. */
  accountLocked: 20002,
  /** Account has no bound mobile: bind it and log in. */
  needBindPhone: 20004,
  /** The mobile is not bound to any account. */
  phoneNotBound: 20005,
  /**
   * SMS code refused (cool-down, cap or no captcha ticket), or the code checked is void (expired, used, out of
   * tries, never sent): either way the client enables its code button again.
   */
  smsRefused: 20012,
  /** Session ended by a login elsewhere. */
  loggedInElsewhere: 30001,
} as const;
export type Code = (typeof CODE)[keyof typeof CODE];

/** Push message codes on /ws/msg/{group_id}/. */
export const PUSH_CODE = { loggedInElsewhere: 1 } as const;

/**
 * Why a session ended, as stored on its row: a login elsewhere answers the old token with 30001 and its socket with
 * push code 1, a password reset pushes code 1 too, a logout ends it silently.
 */
export const REVOKE_REASON = {
  loginElsewhere: 'login_elsewhere',
  logout: 'logout',
  passwordReset: 'password_reset',
  /** The main account disabled or deleted this sub-account. */
  accountDisabled: 'account_disabled',
  accountDeleted: 'account_deleted',
  /** Staff disabled the member in the operator console. */
  staffDisabled: 'staff_disabled',
} as const;
export type RevokeReason = (typeof REVOKE_REASON)[keyof typeof REVOKE_REASON];

/** Identity codes (registration, SMS, captcha, recovery). */
export const IDENTITY_CODE = {
  /** The username is taken. */
  usernameTaken: 20006,
  /** The mobile is already bound to an account (registration). */
  mobileTaken: 20007,
  /** The SMS code is wrong and still has tries left (a void code is CODE.smsRefused). */
  smsCodeInvalid: 20008,
  /** Find-password: the mobile has several accounts; data lists them and the client asks which. */
  chooseAccount: 20013,
} as const;

/** `data.code` of POST api/slider_code/ (docs/requirements.md §7): absent on success. */
export const CAPTCHA_CODE = {
  /** Wrong position or a drag that does not look human, with tries left: try again on the same picture. */
  failed: 400,
  /**
   * The picture is used up (a wrong drag on its last try: by default every wrong drag, a picture allows one), expired
   * or unknown: the client fetches a new picture.
   */
  refresh: 401,
} as const;
