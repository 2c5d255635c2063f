// Every setting of the server, read from the environment, validated, with the embedded-shape defaults.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** apps/server, whether this file runs from src/ (tsx, vitest) or dist/. */
const serverPackageDir = fileURLToPath(new URL('..', import.meta.url));

const text = (fallback: string) => z.string().default(fallback);
const integer = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');
const urlWith = (protocol: RegExp) => z.url({ protocol, error: 'must be a URL' });
const trimSlash = (url: string) => url.replace(/\/+$/, '');
/** A URL without its trailing slash, or '' for none. */
const optionalUrl = (protocol: RegExp) => urlWith(protocol).transform(trimSlash).optional().default('');
/** Connection strings are checked by scheme only: they may hold credentials a URL parser would mangle. */
const connectionString = (scheme: RegExp) => z.string().regex(scheme, 'unsupported URL scheme').optional();
const origins = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s) =>
      s
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(urlWith(/^https?$/).transform((u) => new URL(u).origin)));

const envSchema = z.object({
  PORT: integer(8080, 0, 65_535),
  HOST: text('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: text('./data'),
  DATABASE_URL: connectionString(/^postgres(ql)?:\/\//),
  REDIS_URL: connectionString(/^rediss?:\/\//),
  REDIS_PREFIX: text('uc:'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CORS_ORIGINS: origins(''),
  TRUST_PROXY: flag(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DOCS_PUBLIC: flag(false),
  RATE_LIMIT_PER_MINUTE: integer(3000, 0),
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO: flag(true),
  DEMO_NEW_ITEMS_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  API_BASE_URL: optionalUrl(/^https?$/),
  WS_URL: optionalUrl(/^wss?$/),
  MAIN_SITE_URL: urlWith(/^https?$/)
    .default('https://www.chacewang.com')
    .transform(trimSlash),
  ICP_NUMBER: text('粤ICP备17050740号'),
  COPYRIGHT: text('Copyright © 2017-2026 查策网 版权所有'),
  HOTLINE: text('400-800-8989'),
  CHATBOT_SCRIPT_URL: optionalUrl(/^https?$/),
  TOOL_HOSTS: origins('https://rd.chacewang.com,https://gq.chacewang.com'),
  LOGIN_MAX_FAILS_PER_ACCOUNT: integer(5, 1),
  LOGIN_LOCK_MINUTES: integer(15, 1),
  LOGIN_MAX_PER_IP_PER_MINUTE: integer(30, 1),
  LOGIN_MAX_FAILS_PER_IP: integer(20, 1),
  LOGIN_DELAY_STEP_MS: integer(1000, 0, 10_000),
  LOGIN_DELAY_MAX_MS: integer(3000, 0, 30_000),
  // Captcha, SMS, sign-up, recovery and push limits (docs/decisions.md lists each with its default).
  CAPTCHA_TTL_SECONDS: integer(120, 10),
  CAPTCHA_MAX_TRIES: integer(3, 1),
  CAPTCHA_TOLERANCE_PX: integer(5, 0, 40),
  CAPTCHA_MIN_DRAG_MS: integer(300, 0),
  CAPTCHA_MIN_TRAIL_SAMPLES: integer(5, 0),
  CAPTCHA_TICKET_TTL_SECONDS: integer(300, 10),
  CAPTCHA_PER_IP_PER_MINUTE: integer(30, 1),
  SMS_PROVIDER: z.enum(['console', 'tencent']).default('console'),
  SMS_ALLOW_CONSOLE: flag(false),
  SMS_CODE_TTL_SECONDS: integer(300, 30),
  SMS_MAX_TRIES: integer(5, 1),
  SMS_COOLDOWN_SECONDS: integer(60, 1),
  SMS_DAILY_PER_MOBILE: integer(10, 1),
  SMS_DAILY_PER_IP: integer(30, 1),
  SMS_PER_IP_PER_MINUTE: integer(10, 1),
  TENCENT_SMS_SECRET_ID: z.string().optional(),
  TENCENT_SMS_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
  TENCENT_SMS_DIGEST_TEMPLATE_ID: z.string().optional(),
  TENCENT_SMS_REGION: text('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: urlWith(/^https?$/)
    .default('https://sms.tencentcloudapi.com')
    .transform(trimSlash),
  // Mail (confirmation links of a new email address).
  MAIL_PROVIDER: z.enum(['console', 'smtp']).default('console'),
  MAIL_ALLOW_CONSOLE: flag(false),
  SMTP_URL: connectionString(/^smtps?:\/\//),
  MAIL_FROM: z.string().optional(),
  REGISTER_PER_IP_PER_MINUTE: integer(10, 1),
  FIND_PASSWORD_PER_IP_PER_MINUTE: integer(10, 1),
  PUSH_IDLE_SECONDS: integer(75, 5),
  // Payments (docs/decisions.md "Payments"): a channel without credentials uses the sandbox.
  PUBLIC_BASE_URL: optionalUrl(/^https?$/),
  PAYMENT_ALLOW_SANDBOX: flag(false),
  WECHATPAY_MCHID: z.string().optional(),
  WECHATPAY_APPID: z.string().optional(),
  WECHATPAY_MERCHANT_SERIAL: z.string().optional(),
  WECHATPAY_MERCHANT_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_APIV3_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_BASE_URL: urlWith(/^https?$/)
    .default('https://api.mch.weixin.qq.com')
    .transform(trimSlash),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: urlWith(/^https?$/).default('https://openapi.alipay.com/gateway.do'),
  BANK_ACCOUNT_NAME: text('深圳市查策网络信息技术有限公司'),
  BANK_NAME: text('招商银行深圳分行营业部'),
  BANK_ACCOUNT_NO: text('755900000000000'),
});

/** An empty variable counts as unset, as in most deployment tools. */
const withoutEmpty = (env: unknown) =>
  typeof env === 'object' && env !== null
    ? Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''))
    : env;

const configSchema = z.preprocess(withoutEmpty, envSchema).transform((env) => ({
  port: env.PORT,
  host: env.HOST,
  nodeEnv: env.NODE_ENV,
  logLevel: env.LOG_LEVEL,
  /** Holds the SQLite file and the generated JWT secret. */
  dataDir: path.resolve(env.DATA_DIR),
  /** null: SQLite in dataDir. */
  databaseUrl: env.DATABASE_URL ?? null,
  /** null: in-process counters and fan-out. */
  redisUrl: env.REDIS_URL ?? null,
  redisPrefix: env.REDIS_PREFIX,
  /** null: generated once and kept in dataDir. */
  jwtSecret: env.JWT_SECRET ?? null,
  /** Empty: same origin only. */
  corsOrigins: env.CORS_ORIGINS,
  trustProxy: env.TRUST_PROXY,
  /** Bearer token /metrics asks for; null: open outside production, not served in production. */
  metricsToken: env.METRICS_TOKEN ?? null,
  /** /docs and /docs/json in production too (always served elsewhere). */
  docsPublic: env.DOCS_PUBLIC,
  /** Requests per IP per minute on every route; 0 turns the global limit off. */
  rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
  webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(serverPackageDir, '../web/dist')),
  seedDemo: env.SEED_DEMO,
  /**
   * The demo seed schedules its new policy items this many seconds apart after the first start (0: none); off by
   * default in tests, which build their own data.
   */
  demoNewItemsAfterSeconds: env.DEMO_NEW_ITEMS_AFTER_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 120),
  /** What the web app is told at runtime and what the pages and CSP mention. */
  site: {
    apiBaseUrl: env.API_BASE_URL,
    wsUrl: env.WS_URL,
    mainSiteUrl: env.MAIN_SITE_URL,
    icpNumber: env.ICP_NUMBER,
    copyright: env.COPYRIGHT,
    hotline: env.HOTLINE,
    chatbotScriptUrl: env.CHATBOT_SCRIPT_URL,
    toolHosts: env.TOOL_HOSTS,
  },
  login: {
    maxFailsPerAccount: env.LOGIN_MAX_FAILS_PER_ACCOUNT,
    lockMinutes: env.LOGIN_LOCK_MINUTES,
    maxPerIpPerMinute: env.LOGIN_MAX_PER_IP_PER_MINUTE,
    /** Wrong passwords from one IP (any usernames) that stop password logins from it for lockMinutes. */
    maxFailsPerIp: env.LOGIN_MAX_FAILS_PER_IP,
    /** Added to the wait before each password check once failures pile up; 0 turns the slow-down off. */
    delayStepMs: env.LOGIN_DELAY_STEP_MS,
    /** The longest such wait. */
    delayMaxMs: env.LOGIN_DELAY_MAX_MS,
  },
  captcha: {
    ttlSeconds: env.CAPTCHA_TTL_SECONDS,
    /** Wrong answers before the picture must be refreshed (data.code 401). */
    maxTries: env.CAPTCHA_MAX_TRIES,
    tolerancePx: env.CAPTCHA_TOLERANCE_PX,
    /** A drag shorter than this is not a person's. */
    minDragMs: env.CAPTCHA_MIN_DRAG_MS,
    minTrailSamples: env.CAPTCHA_MIN_TRAIL_SAMPLES,
    /** Life of the one-time ticket a solved puzzle gives the browser session. */
    ticketTtlSeconds: env.CAPTCHA_TICKET_TTL_SECONDS,
    perIpPerMinute: env.CAPTCHA_PER_IP_PER_MINUTE,
  },
  sms: {
    provider: env.SMS_PROVIDER,
    /** The console provider only logs codes: in production it needs this explicit consent. */
    allowConsole: env.SMS_ALLOW_CONSOLE,
    codeTtlSeconds: env.SMS_CODE_TTL_SECONDS,
    maxTries: env.SMS_MAX_TRIES,
    cooldownSeconds: env.SMS_COOLDOWN_SECONDS,
    dailyPerMobile: env.SMS_DAILY_PER_MOBILE,
    dailyPerIp: env.SMS_DAILY_PER_IP,
    perIpPerMinute: env.SMS_PER_IP_PER_MINUTE,
    tencent: {
      secretId: env.TENCENT_SMS_SECRET_ID ?? '',
      secretKey: env.TENCENT_SMS_SECRET_KEY ?? '',
      sdkAppId: env.TENCENT_SMS_SDK_APP_ID ?? '',
      signName: env.TENCENT_SMS_SIGN_NAME ?? '',
      templateId: env.TENCENT_SMS_TEMPLATE_ID ?? '',
      /** The digest notification template; without it the gateway sends codes only. */
      digestTemplateId: env.TENCENT_SMS_DIGEST_TEMPLATE_ID ?? '',
      region: env.TENCENT_SMS_REGION,
      endpoint: env.TENCENT_SMS_ENDPOINT,
    },
  },
  mail: {
    provider: env.MAIL_PROVIDER,
    /** The console provider only logs mail: in production it needs this explicit consent. */
    allowConsole: env.MAIL_ALLOW_CONSOLE,
    /** smtp:// or smtps:// with credentials; '' unless MAIL_PROVIDER=smtp. */
    smtpUrl: env.SMTP_URL ?? '',
    /** The From header of every mail. */
    from: env.MAIL_FROM ?? '',
  },
  identity: {
    registerPerIpPerMinute: env.REGISTER_PER_IP_PER_MINUTE,
    findPasswordPerIpPerMinute: env.FIND_PASSWORD_PER_IP_PER_MINUTE,
    /** A websocket that sends nothing (not even a ping) for this long is closed. */
    pushIdleSeconds: env.PUSH_IDLE_SECONDS,
  },
  payment: {
    /** Where payment providers reach this server (notify URLs, the sandbox QR); '' = http://localhost:PORT. */
    publicBaseUrl: env.PUBLIC_BASE_URL,
    /** The sandbox confirms payments without money: with NODE_ENV=production it needs this explicit consent. */
    allowSandbox: env.PAYMENT_ALLOW_SANDBOX,
    /** Empty strings: the channel is not configured and uses the sandbox. */
    wechat: {
      mchid: env.WECHATPAY_MCHID ?? '',
      appid: env.WECHATPAY_APPID ?? '',
      merchantSerial: env.WECHATPAY_MERCHANT_SERIAL ?? '',
      /** PEM text or a file path. */
      merchantPrivateKey: env.WECHATPAY_MERCHANT_PRIVATE_KEY ?? '',
      apiV3Key: env.WECHATPAY_APIV3_KEY ?? '',
      publicKeyId: env.WECHATPAY_PUBLIC_KEY_ID ?? '',
      /** PEM text or a file path. */
      publicKey: env.WECHATPAY_PUBLIC_KEY ?? '',
      baseUrl: env.WECHATPAY_BASE_URL,
    },
    alipay: {
      appId: env.ALIPAY_APP_ID ?? '',
      /** PKCS8 PEM text, bare base64, or a file path. */
      privateKey: env.ALIPAY_PRIVATE_KEY ?? '',
      /** Alipay's public key (PEM text, bare base64, or a file path). */
      alipayPublicKey: env.ALIPAY_PUBLIC_KEY ?? '',
      gateway: env.ALIPAY_GATEWAY,
    },
    /** Corporate bank transfer details shown on the order page. */
    bank: {
      accountName: env.BANK_ACCOUNT_NAME,
      bankName: env.BANK_NAME,
      accountNo: env.BANK_ACCOUNT_NO,
    },
  },
}));

export type Config = z.output<typeof configSchema>;

/** Reads the configuration; throws one error listing every invalid variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}
