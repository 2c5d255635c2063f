// Named application errors: each carries its HTTP status, its body code and its Chinese message (docs/architecture.md §4).
import { ACCOUNT_CODE, CODE, IDENTITY_CODE, MSG, MSG_WITH, ORDER_CODE } from '@uc/shared';

/**
 * A failure the client is meant to see. HTTP 200 means a business outcome (body code other than 200);
 * any other status is a transport-level outcome and its body also carries `detail`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly bodyCode: number,
    message: string,
    readonly detail: string = message,
    /** The envelope's `data` (null for nearly every failure). */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** data of a login refused because the username is locked (docs/api.md). */
const LOCKED_DATA = { captcha: true } as const;

export const errors = {
  badRequest: (detail: string = MSG.badRequest) => new AppError(400, CODE.badRequest, detail),
  unsupportedMediaType: () => new AppError(400, CODE.badRequest, MSG.unsupportedMediaType),
  malformedBody: () => new AppError(400, CODE.badRequest, MSG.malformedBody),
  /** A query string or form body whose percent-escapes are not UTF-8. */
  textInvalid: () => new AppError(400, CODE.badRequest, MSG.textInvalid),
  payloadTooLarge: () => new AppError(413, CODE.badRequest, MSG.payloadTooLarge),
  headersTooLarge: () => new AppError(431, CODE.badRequest, MSG.headersTooLarge),
  requestTimeout: () => new AppError(408, CODE.badRequest, MSG.timeout),
  unauthorized: () => new AppError(401, CODE.unauthorized, MSG.unauthorized),
  tokenInvalid: () => new AppError(401, CODE.unauthorized, MSG.tokenInvalid),
  forbidden: () => new AppError(403, CODE.forbidden, MSG.forbidden),
  /** A sub-account asking for the plan (GetSetmeal): the plan is its main account's business. */
  subAccountNoPackages: () => new AppError(403, CODE.forbidden, MSG.subAccountNoPackages),
  /** Editing or deleting another member's funding record. */
  fundingForbidden: () => new AppError(403, CODE.forbidden, MSG.fundingForbidden),
  notFound: () => new AppError(404, CODE.notFound, MSG.notFound),
  orderNotFound: () => new AppError(404, CODE.notFound, MSG.orderNotFound),
  /** A customer of another member (getCusData, getCusAllInfo, GetPatentBycustomerId, getGrade). */
  customerForbidden: () => new AppError(403, CODE.forbidden, MSG.customerForbidden),
  /** A VIP tool (高企评分, 专精特新评测, 精准匹配) asked for below level 20. */
  vipOnly: () => new AppError(403, CODE.forbidden, MSG.page401),
  /** An external tool the deployment has no host for. */
  toolUnavailable: () => new AppError(404, CODE.notFound, MSG.toolUnavailable),
  policyItemNotOpen: () => new AppError(404, CODE.notFound, MSG.policyItemNotOpen),
  /** A policy item that does not exist or is not published yet (政策详情, 收藏). */
  policyItemNotFound: () => new AppError(404, CODE.notFound, MSG.policyItemNotFound),
  /** A plain HTTP request on the push websocket's path. */
  upgradeRequired: () => new AppError(426, CODE.badRequest, MSG.websocketOnly),
  tooManyRequests: () => new AppError(503, CODE.tooManyRequests, MSG.tooManyRequests),
  internal: () => new AppError(500, CODE.internal, MSG.internal),
  loggedInElsewhere: () => new AppError(200, CODE.loggedInElsewhere, MSG.loggedInElsewhere),
  badCredentials: () => new AppError(200, CODE.badCredentials, MSG.badCredentials),
  /** The username is locked: the client shows the slider captcha and sends the same login again with its ticket. */
  accountLockedCaptcha: () =>
    new AppError(200, CODE.accountLocked, MSG.accountLockedCaptcha, MSG.accountLockedCaptcha, LOCKED_DATA),
  /** Too many wrong passwords from one IP, whatever the usernames: same code, its own message. */
  ipLocked: (minutes: number) => new AppError(200, CODE.accountLocked, MSG_WITH.ipLocked(minutes)),
  needBindPhone: () => new AppError(200, CODE.needBindPhone, MSG.needBindPhone),
  phoneNotBound: () => new AppError(200, CODE.phoneNotBound, MSG.phoneNotBound),
  /** Recovery asked for a mobile no account has: logging in is no help to someone who forgot the password. */
  findPasswordNotBound: (hotline: string) =>
    new AppError(200, CODE.phoneNotBound, MSG_WITH.findPasswordNotBound(hotline)),
  /** No captcha ticket, a cool-down, a daily cap or a failed gateway: the client enables its button again. */
  smsRefused: (message: string) => new AppError(200, CODE.smsRefused, message),
  smsCooldown: (seconds: number) => new AppError(200, CODE.smsRefused, MSG_WITH.smsCooldown(seconds)),
  /** A wrong code that still has tries left: the user types again. */
  smsCodeWrong: () => new AppError(200, IDENTITY_CODE.smsCodeInvalid, MSG.smsCodeWrong),
  /** Expired, used, out of tries or never sent: 20012, so the client enables its code button again. */
  smsCodeVoid: (message: string) => new AppError(200, CODE.smsRefused, message),
  usernameTaken: () => new AppError(200, IDENTITY_CODE.usernameTaken, MSG.usernameTaken),
  mobileTaken: () => new AppError(200, IDENTITY_CODE.mobileTaken, MSG.mobileTaken),
  // Account and team
  /** A session ended by a password change, a disabled or deleted account: 30001 with the reason. */
  sessionEnded: (message: string) => new AppError(200, CODE.loggedInElsewhere, message),
  /** Login of an account its main account disabled. */
  accountDisabled: () => new AppError(200, ACCOUNT_CODE.accountDisabled, MSG.accountDisabled),
  /** Re-authentication while the username is locked by wrong passwords. */
  reauthLocked: () => new AppError(200, CODE.accountLocked, MSG.reauthLocked),
  reauthRequired: () => new AppError(200, ACCOUNT_CODE.reauthRequired, MSG.reauthRequired),
  oldPasswordWrong: () => new AppError(200, ACCOUNT_CODE.oldPasswordWrong, MSG.oldPasswordWrong),
  /** Re-authentication by password: wrong. */
  passwordWrong: () => new AppError(200, CODE.badCredentials, MSG.passwordWrong),
  passwordUnchanged: () => new AppError(200, ACCOUNT_CODE.passwordUnchanged, MSG.passwordUnchanged),
  /** The SMS re-authentication of an account without a mobile. */
  noMobileForCode: () => new AppError(200, CODE.smsRefused, MSG.noMobileForCode),
  mobileUnchanged: () => new AppError(200, ACCOUNT_CODE.mobileTaken, MSG.mobileUnchanged),
  /** The mobile is bound to another main account. */
  mobileBoundOther: () => new AppError(200, ACCOUNT_CODE.mobileTaken, MSG.mobileBoundOther),
  emailUnchanged: () => new AppError(200, CODE.badRequest, MSG.emailUnchanged),
  emailTokenInvalid: () => new AppError(200, ACCOUNT_CODE.emailTokenInvalid, MSG.emailTokenInvalid),
  emailTokenExpired: () => new AppError(200, ACCOUNT_CODE.emailTokenInvalid, MSG.emailTokenExpired),
  /** The confirmation mail could not be sent. */
  mailFailed: () => new AppError(200, CODE.internal, MSG.mailSendFailed),
  avatarRequired: () => new AppError(400, CODE.badRequest, MSG.avatarRequired),
  avatarType: () => new AppError(400, CODE.badRequest, MSG.avatarType),
  avatarTooLarge: () => new AppError(413, CODE.badRequest, MSG.avatarTooLarge),
  sessionIsCurrent: () => new AppError(200, ACCOUNT_CODE.sessionInvalid, MSG.sessionIsCurrent),
  sessionNotFound: () => new AppError(200, ACCOUNT_CODE.sessionInvalid, MSG.sessionNotFound),
  /** A sub-account calling the sub-account management calls. */
  subAccountOnlyMain: () => new AppError(403, CODE.forbidden, MSG.subAccountOnlyMain),
  /** A main account naming an account that is not one of its sub-accounts. */
  subAccountNotYours: () => new AppError(403, CODE.forbidden, MSG.subAccountNotYours),
  subAccountNotFound: () => new AppError(404, CODE.notFound, MSG.subAccountNotFound),
  subAccountLimit: (limit: number) =>
    limit > 0
      ? new AppError(200, ACCOUNT_CODE.subAccountLimit, MSG_WITH.subAccountLimit(limit))
      : new AppError(200, ACCOUNT_CODE.subAccountLimit, MSG.subAccountNotAllowed),
  /** reset_cus_password: customer companies have no accounts. */
  noCustomerAccount: () => new AppError(200, ACCOUNT_CODE.noCustomerAccount, MSG.noCustomerAccount),
  /** The plan asked for is unknown or not on sale. */
  orderCreateFailed: () => new AppError(200, ORDER_CODE.createFailed, MSG.orderCreateFailed),
  /** Tampered gid or price, a negative final price, or an order in a state that cannot be paid this way. */
  orderAbnormal: () => new AppError(200, ORDER_CODE.abnormal, MSG.orderAbnormal),
  /** Past its pay-by time (600 s). */
  orderExpired: () => new AppError(200, ORDER_CODE.expired, MSG.orderTimeout),
  /** A plan below the member's running level: no path lowers a membership. */
  planIncluded: () => new AppError(200, ORDER_CODE.planIncluded, MSG.planIncluded),
  /** A lower plan while a change to one is already scheduled (docs/decisions.md "Legacy levels and changes of plan"). */
  planChangeScheduled: () => new AppError(200, ORDER_CODE.changeScheduled, MSG.planChangeScheduled),
  /** The provider refused or failed to create the QR code. */
  payFailed: () => new AppError(200, ORDER_CODE.payFailed, MSG.payFailed),
  /** A trial user (level <= 10) or a visitor reading or changing push settings (docs/requirements.md §6). */
  noPushPermission: () => new AppError(403, CODE.forbidden, MSG.noPushPermission),
  /** 我的订阅 with a `mainid` that is neither the caller's account nor its main account. */
  feedForbidden: () => new AppError(403, CODE.forbidden, MSG.feedForbidden),
  /** getCusByPid of an unknown project. */
  projectNotFound: () => new AppError(404, CODE.notFound, MSG.projectNotFound),
  // The operator console: a failed sign-in never says which factor was wrong; the account's state is said only
  // once both factors are right.
  staffLoginFailed: () => new AppError(401, CODE.badCredentials, MSG.staffLoginFailed),
  staffLocked: () => new AppError(401, CODE.accountLocked, MSG.staffLocked),
  staffDisabled: () => new AppError(403, CODE.forbidden, MSG.staffDisabled),
  /** No staff session, an ended one, or one idle longer than STAFF_IDLE_MINUTES. */
  staffSessionExpired: () => new AppError(401, CODE.unauthorized, MSG.staffSessionExpired),
  /** The role lacks the route's permission. */
  staffForbidden: () => new AppError(403, CODE.forbidden, MSG.staffForbidden),
  /** Login of a member staff disabled in the console (not its main account: the message says whom to ask). */
  memberDisabledByStaff: () => new AppError(200, ACCOUNT_CODE.accountDisabled, MSG.memberDisabledByStaff),
  /** A console target (member, key) that does not exist, with the message naming what. */
  consoleNotFound: (message: string) => new AppError(404, CODE.notFound, message),
} as const;
