// Business constants and limits of the product (docs/requirements.md §4 and §9), shared by server and web.

/** Where the member app is served on this server's origin: its in-app paths ('/vip/index') follow it. */
export const MEMBER_APP_BASE = '/usercenter';

/** Membership plan ids (gid). */
export const PLAN = {
  local: 1,
  group: 11,
  advanced: 12,
  professional: 13,
  supreme: 6,
  api: 14,
  /** Not on sale: the catalogue row a tool credit pack's order refers to (the pack is the order's `pack`). */
  credits: 90,
  /** Not on sale: the catalogue row a gift card order refers to (the product is the order's `gift`). */
  gift: 91,
} as const;

export const DEFAULT_API_PLAN_ID = PLAN.api;

/** Level thresholds used by permission rules. */
export const LEVEL = {
  visitor: 0,
  trialMax: 10,
  vipLocal: 20,
  vipAdvanced: 21,
  vipProfessional: 22,
  gold: 30,
  platinum: 40,
  blackGold: 50,
  supreme: 60,
  group: 61,
} as const;

export const LIMITS = {
  passwordMin: 8,
  usernameMin: 6,
  usernameMax: 16,
  companyMax: 25,
  smsCodeLength: 4,
  smsResendSeconds: 60,
  logoutCountdownSeconds: 6,
  rememberMeDays: 7,
  /** Session cookie lifetime = token exp minus this offset (docs/requirements.md §9). */
  cookieExpiryOffsetSeconds: 28_830,
  paymentCountdownSeconds: 600,
  orderPollMs: 2_000,
  quantityMin: 1,
  quantityMax: 5,
  apiCallsPerUnit: 50_000,
  wsHeartbeatMs: 30_000,
  wsReconnectMax: 10,
  wsReconnectDelayMs: 5_000,
  captchaWidth: 260,
  captchaHeight: 120,
  captchaPiece: 40,
  requestTimeoutMs: 200_000,
  requestTimeoutExcuMs: 20_000,
  requestTimeoutTailStartMs: 1_200_000,
  chunkLoadTimeoutMs: 120_000,
  fundingTextMax: 50,
  ownPublicityLimit: 5,
  expiryWarningDays: 30,
  quickNavCount: 14,
  scrollerStep: 0.4,
  scrollerWaitMs: 2_500,
  scrollerRowHeight: 30,
  messageSecondsBind: 7,
  messageSecondsSms: 2,
} as const;

/** Token lifetimes (docs/architecture.md §5). */
export const TOKEN_TTL_SECONDS = { normal: 86_400, rememberMe: 7 * 86_400 } as const;

export const HOTLINE_HOURS = '8:00-18:00';

/** Default area: Shenzhen (Guangdong Shenzhen registered-area code). */
export const DEFAULT_CITY = { citycode: '440300', cityname: '深圳市' } as const;

export const COOKIE = {
  token: 'CCW-Token',
  user: 'CCW-User',
  id: 'CCW-ID',
  site: 'CCW-Site',
  distribution: 'CCW-Distribution',
  city: 'cityinfo',
  reLogin: 'isReLogin',
  sidebar: 'sidebarStatus',
} as const;
