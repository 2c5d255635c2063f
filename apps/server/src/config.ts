// Every setting of the server, read from the environment, validated, with the embedded-shape defaults.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseTrustProxy } from './lib/trust-proxy.js';

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
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx) => {
    const setting = parseTrustProxy(value);
    if (setting !== null) return setting;
    ctx.addIssue({
      code: 'custom',
      message: 'must be false, true, a number of hops (at most 16) or a comma list of proxy addresses/CIDRs',
    });
    return z.NEVER;
  });
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

/** Outside tests, the demo's new policy items follow each other this many seconds apart. */
const DEMO_NEW_ITEMS_AFTER_SECONDS_DEFAULT = 120;

export const envSchema = z.object({
  PORT: integer(8080, 0, 65_535),
  HOST: text('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: text('./data'),
  UPLOAD_MAX_MB: integer(10, 1, 200),
  FILE_STORE_S3_BUCKET: z.string().optional(),
  FILE_STORE_S3_ENDPOINT: optionalUrl(/^https?$/),
  FILE_STORE_S3_REGION: text('us-east-1'),
  FILE_STORE_S3_ACCESS_KEY_ID: z.string().optional(),
  FILE_STORE_S3_SECRET_ACCESS_KEY: z.string().optional(),
  FILE_STORE_S3_FORCE_PATH_STYLE: flag(false),
  DATABASE_URL: connectionString(/^postgres(ql)?:\/\//),
  REDIS_URL: connectionString(/^rediss?:\/\//),
  REDIS_PREFIX: text('uc:'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOOL_LAUNCH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STAFF_TOTP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  STAFF_TOTP_PREVIOUS_KEYS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'each key must be at least 32 characters'))),
  CORS_ORIGINS: origins(''),
  TRUST_PROXY: trustProxy,
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DOCS_PUBLIC: flag(false),
  RATE_LIMIT_PER_MINUTE: integer(3000, 0),
  OPENAPI_RATE_PER_SECOND: integer(10, 1),
  REQUEST_TIMEOUT_SECONDS: integer(30, 1, 3600),
  WEB_DIST_DIR: z.string().optional(),
  ADMIN_DIST_DIR: z.string().optional(),
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
  // Captcha, SMS, sign-up, recovery and push limits.
  CAPTCHA_TTL_SECONDS: integer(120, 10),
  CAPTCHA_MAX_TRIES: integer(1, 1),
  CAPTCHA_TOLERANCE_PX: integer(4, 0, 40),
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
  TENCENT_SMS_NOTICE_TEMPLATE_ID: z.string().optional(),
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
  RENEWAL_REMINDER_INTERVAL_MINUTES: integer(60, 1, 1440),
  // Payments (docs/decisions.md "commerce"): a channel without credentials uses the sandbox.
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
  WECHAT_OAUTH_APPID: z.string().optional(),
  WECHAT_OAUTH_SECRET: z.string().optional(),
  WECHAT_OAUTH_AUTHORIZE_URL: urlWith(/^https?$/).default(
    'https://open.weixin.qq.com/connect/oauth2/authorize',
  ),
  WECHAT_OAUTH_API_URL: urlWith(/^https?$/)
    .default('https://api.weixin.qq.com')
    .transform(trimSlash),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: urlWith(/^https?$/).default('https://openapi.alipay.com/gateway.do'),
  BANK_ACCOUNT_NAME: text('深圳市查策网络信息技术有限公司'),
  BANK_NAME: text('招商银行深圳分行营业部'),
  BANK_ACCOUNT_NO: text('755900000000000'),
});

export type SettingName = keyof typeof envSchema.shape;

/** One row of the configuration table: variables that go together, and what they mean (Markdown). */
export interface SettingDoc {
  names: readonly SettingName[];
  meaning: string;
  /** Only for a default computed after envSchema (the table shows envSchema's own defaults otherwise). */
  shownDefault?: string;
}

/**
 * What every setting means, in the order of README.md's configuration table, which `npm run docs:config`
 * (scripts/config-table.mjs) writes from these rows and envSchema's defaults; `npm run lint` fails when README.md
 * differs. A new variable of envSchema gets its row here.
 */
export const settingDocs = [
  { names: ['PORT'], meaning: 'listen port' },
  { names: ['HOST'], meaning: 'listen address' },
  {
    names: ['NODE_ENV'],
    meaning: '`development`, `test` or `production`; `production` removes the `/__dev/*` helpers',
  },
  { names: ['LOG_LEVEL'], meaning: '`fatal` … `trace`, or `silent`' },
  { names: ['DATA_DIR'], meaning: 'holds the SQLite file `usercenter.db` and the generated `jwt-secret`' },
  { names: ['DATABASE_URL'], meaning: 'unset: SQLite in `DATA_DIR`; `postgres://…`: PostgreSQL' },
  {
    names: ['UPLOAD_MAX_MB'],
    meaning: 'largest file staff may upload to a notice (an attachment or an image of its body), in MB',
  },
  {
    names: ['FILE_STORE_S3_BUCKET'],
    meaning:
      "unset: the notices' files are kept on disk under `DATA_DIR/files/`; set: in this bucket of an S3-compatible store",
  },
  { names: ['FILE_STORE_S3_ENDPOINT'], meaning: "the S3-compatible store's URL; unset: AWS S3" },
  { names: ['FILE_STORE_S3_REGION'], meaning: "the bucket's region" },
  {
    names: ['FILE_STORE_S3_ACCESS_KEY_ID', 'FILE_STORE_S3_SECRET_ACCESS_KEY'],
    meaning: "the store's key pair; unset: the AWS SDK's default credentials",
  },
  {
    names: ['FILE_STORE_S3_FORCE_PATH_STYLE'],
    meaning: 'bucket in the path rather than the host name (MinIO and most self-hosted stores)',
  },
  {
    names: ['REDIS_URL'],
    meaning: 'unset: counters and push fan-out in memory; set: shared by every instance through Redis',
  },
  { names: ['REDIS_PREFIX'], meaning: 'namespace of Redis keys and channels' },
  {
    names: ['JWT_SECRET'],
    meaning: 'HS256 secret (32+ characters); unset: generated once into `DATA_DIR/jwt-secret`',
  },
  {
    names: ['STAFF_TOTP_KEY'],
    meaning:
      "key (32+ characters) sealing the console staff's TOTP secrets in the database (AES-256-GCM); unset: derived from the JWT secret. Changing it: see `STAFF_TOTP_PREVIOUS_KEYS`",
  },
  {
    names: ['STAFF_TOTP_PREVIOUS_KEYS'],
    meaning:
      'comma list of earlier `STAFF_TOTP_KEY` values still opened at sign-in; set the new key and list the old one here on every instance, run `npm run staff -- rotate-totp-key` (re-seals every secret under the new key), then remove it',
  },
  {
    names: ['CORS_ORIGINS'],
    meaning: 'comma list of origins allowed to call the API with credentials; empty: same origin only',
  },
  {
    names: ['TRUST_PROXY'],
    meaning:
      "which proxies may name the client address (`X-Forwarded-For`) and scheme (`X-Forwarded-Proto`); the client is the address the nearest untrusted hop presents, and every per-IP limit, HSTS and the `Secure` session cookie follow it. Set it to the proxies' addresses: a comma list of addresses/CIDRs, e.g. `TRUST_PROXY=10.0.0.0/8,127.0.0.1` (also `loopback`, `linklocal`, `uniquelocal`): only those peers are believed, so a client that reaches the server directly cannot name its own address. `false`: none (a client's forwarded headers are ignored). A hop count, `N` (up to 16) or `true` (= `1`), trusts whatever peer connects as the N nearest hops: only for a server no client can reach but through the proxies, and the server warns at start when it listens on a non-loopback address with one",
  },
  {
    names: ['METRICS_TOKEN'],
    meaning:
      'bearer token `/metrics` asks for (16+ characters); unset: `/metrics` is open outside production and not served in production',
  },
  {
    names: ['DOCS_PUBLIC'],
    meaning: 'serve `/docs` and `/docs/json` in production too (always served outside production)',
  },
  {
    names: ['OPENAPI_RATE_PER_SECOND'],
    meaning:
      'calls per second one API key may make to `/openapi/v1/` (shared through Redis with several instances); more answer 429',
  },
  {
    names: ['RATE_LIMIT_PER_MINUTE'],
    meaning:
      "requests per IP per minute over the whole API and the apps' pages (their hashed assets are not counted); `0` turns the global limit off",
  },
  {
    names: ['REQUEST_TIMEOUT_SECONDS'],
    meaning:
      "a request's headers and body must arrive within this (1-3600); a slower one is answered 408 and its connection closed. Open websockets and responses being sent are not affected",
  },
  { names: ['WEB_DIST_DIR'], meaning: 'the built web app', shownDefault: '`apps/web/dist`' },
  {
    names: ['ADMIN_DIST_DIR'],
    meaning: 'the built operator console (`/admin/`)',
    shownDefault: '`apps/admin/dist`',
  },
  { names: ['SEED_DEMO'], meaning: 'seed the demo accounts and data into an empty database' },
  {
    names: ['DEMO_NEW_ITEMS_AFTER_SECONDS'],
    meaning:
      "the demo seed schedules three new policy items this far apart after the first start; demouser's settings select them, so a push arrives on its dashboard (`0`: none)",
    shownDefault: `\`${DEMO_NEW_ITEMS_AFTER_SECONDS_DEFAULT}\` (\`0\` in tests)`,
  },
  {
    names: ['API_BASE_URL'],
    meaning:
      'API base URL for the web app; empty: same origin. When set, also the base of avatar URLs and the email confirmation link (else `PUBLIC_BASE_URL`)',
  },
  { names: ['WS_URL'], meaning: 'push websocket base URL; empty: same origin' },
  { names: ['MAIN_SITE_URL'], meaning: 'main site: avatar prefix and public links' },
  { names: ['ICP_NUMBER'], meaning: 'ICP record number in the footer' },
  { names: ['COPYRIGHT'], meaning: 'footer copyright' },
  { names: ['HOTLINE'], meaning: 'customer-service hotline on error and no-permission pages' },
  { names: ['CHATBOT_SCRIPT_URL'], meaning: 'chatbot script loaded for logged-in users' },
  { names: ['TOOL_HOSTS'], meaning: 'origins the iframe area may show' },
  {
    names: ['TOOL_LAUNCH_SECRET'],
    meaning:
      'HS256 secret (32+ characters) shared with the external tools, which check the launch token `uc_ticket` with it; unset: derived from the JWT secret (only this server can check it)',
  },
  {
    names: ['LOGIN_MAX_FAILS_PER_ACCOUNT'],
    meaning: 'wrong passwords before a username is locked for a while',
  },
  {
    names: ['LOGIN_MAX_FAILS_PER_IP'],
    meaning:
      'wrong passwords from one IP (any usernames) before password logins from it are refused for a while',
  },
  { names: ['LOGIN_LOCK_MINUTES'], meaning: 'how long an account or IP lock lasts' },
  {
    names: ['LOGIN_DELAY_STEP_MS'],
    meaning:
      "extra wait per failure before each password check, from a username's 3rd attempt (or past half the IP limit); `0` turns slowing off",
  },
  { names: ['LOGIN_DELAY_MAX_MS'], meaning: 'longest such wait' },
  { names: ['LOGIN_MAX_PER_IP_PER_MINUTE'], meaning: 'login attempts per IP per minute (then HTTP 503)' },
  { names: ['CAPTCHA_TTL_SECONDS'], meaning: 'life of a slider puzzle' },
  {
    names: ['CAPTCHA_MAX_TRIES'],
    meaning:
      'drags per puzzle: its last wrong one voids it (code 401, the client draws a new one). A blind guesser passes `tries × (2 × tolerance + 1) / 155` of puzzles, 5.8 % by default; keep it at most 10 %',
  },
  { names: ['CAPTCHA_TOLERANCE_PX'], meaning: 'how far the dropped piece may be from the answer' },
  { names: ['CAPTCHA_MIN_DRAG_MS'], meaning: 'a drag faster than this is refused as scripted' },
  {
    names: ['CAPTCHA_MIN_TRAIL_SAMPLES'],
    meaning: 'a drag with fewer trail points than this is refused as scripted',
  },
  {
    names: ['CAPTCHA_TICKET_TTL_SECONDS'],
    meaning: 'life of the one-time ticket a solved puzzle gives for one SMS send',
  },
  { names: ['CAPTCHA_PER_IP_PER_MINUTE'], meaning: 'puzzle requests per IP per minute' },
  {
    names: ['SMS_PROVIDER'],
    meaning: '`console` (logs the code, keeps an outbox for `/__dev/sms`) or `tencent` (Tencent Cloud SMS)',
  },
  {
    names: ['SMS_ALLOW_CONSOLE'],
    meaning: 'with `NODE_ENV=production` the console provider refuses to start unless this is `true`',
  },
  { names: ['SMS_CODE_TTL_SECONDS'], meaning: 'life of an SMS code' },
  { names: ['SMS_MAX_TRIES'], meaning: 'wrong entries before a code is void' },
  { names: ['SMS_COOLDOWN_SECONDS'], meaning: 'wait between two sends to one mobile' },
  { names: ['SMS_DAILY_PER_MOBILE'], meaning: 'sends per mobile per day' },
  { names: ['SMS_DAILY_PER_IP'], meaning: 'sends per IP per day' },
  { names: ['SMS_PER_IP_PER_MINUTE'], meaning: 'SMS requests per IP per minute' },
  {
    names: ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY'],
    meaning: 'Tencent Cloud API credentials (needed with `SMS_PROVIDER=tencent`)',
  },
  {
    names: ['TENCENT_SMS_SDK_APP_ID', 'TENCENT_SMS_SIGN_NAME', 'TENCENT_SMS_TEMPLATE_ID'],
    meaning: 'the SMS application, signature and code template',
  },
  {
    names: ['TENCENT_SMS_DIGEST_TEMPLATE_ID'],
    meaning:
      "the digest notification template (`{1}` an item's title, `{2}` the count); unset: no SMS digests",
  },
  {
    names: ['TENCENT_SMS_NOTICE_TEMPLATE_ID'],
    meaning:
      'the account notice template (renewal reminders, refunds: `{1}` the title, `{2}` the detail, 20 characters each); unset: no SMS notices',
  },
  { names: ['TENCENT_SMS_REGION'], meaning: 'Tencent Cloud region' },
  { names: ['TENCENT_SMS_ENDPOINT'], meaning: 'Tencent Cloud SMS API endpoint' },
  {
    names: ['MAIL_PROVIDER'],
    meaning: '`console` (logs the mail, keeps an outbox for `/__dev/mail`) or `smtp` (through `SMTP_URL`)',
  },
  {
    names: ['MAIL_ALLOW_CONSOLE'],
    meaning: 'with `NODE_ENV=production` the console mail provider refuses to start unless this is `true`',
  },
  {
    names: ['SMTP_URL'],
    meaning: '`smtp://` or `smtps://user:password@host:port` (needed with `MAIL_PROVIDER=smtp`)',
  },
  {
    names: ['MAIL_FROM'],
    meaning:
      'the From header of the email confirmation mail, e.g. `查策网 <no-reply@example.com>` (needed with `MAIL_PROVIDER=smtp`)',
  },
  { names: ['REGISTER_PER_IP_PER_MINUTE'], meaning: 'registrations per IP per minute' },
  { names: ['FIND_PASSWORD_PER_IP_PER_MINUTE'], meaning: 'password recoveries per IP per minute' },
  { names: ['PUSH_IDLE_SECONDS'], meaning: 'a push socket silent this long (no 30 s heartbeat) is closed' },
  {
    names: ['RENEWAL_REMINDER_INTERVAL_MINUTES'],
    meaning:
      'how often the renewal reminders (30, 7 and 1 days before a plan ends, and the day it ends) are looked for; also once at start',
  },
  {
    names: ['PUBLIC_BASE_URL'],
    meaning:
      "this server's public origin, from which every absolute URL it builds is made, never from a request's `Host` or `X-Forwarded-Host`: where payment providers and payers reach it (notify URLs, the sandbox payment page), and the origin of avatar URLs and the email confirmation link unless `API_BASE_URL` is set; empty: `http://localhost:PORT`, so set it in production",
  },
  {
    names: ['PAYMENT_ALLOW_SANDBOX'],
    meaning:
      'with `NODE_ENV=production` a payment channel without credentials (the sandbox, which confirms payments without money) refuses to start unless this is `true`',
  },
  {
    names: ['WECHATPAY_MCHID', 'WECHATPAY_APPID'],
    meaning:
      'WeChat Pay merchant id and the app id bound to it; the WeChat channel uses the sandbox while every `WECHATPAY_*` credential is unset, and refuses to start when only some are set',
  },
  {
    names: ['WECHATPAY_MERCHANT_SERIAL', 'WECHATPAY_MERCHANT_PRIVATE_KEY'],
    meaning: 'serial number of the merchant API certificate and its private key (PEM text or a file path)',
  },
  { names: ['WECHATPAY_APIV3_KEY'], meaning: 'APIv3 key (32 characters) that decrypts notifications' },
  {
    names: ['WECHATPAY_PUBLIC_KEY_ID', 'WECHATPAY_PUBLIC_KEY'],
    meaning:
      'WeChat Pay public key id and public key (PEM text or a file path) that verify answers and notifications',
  },
  { names: ['WECHATPAY_BASE_URL'], meaning: 'WeChat Pay API v3 endpoint' },
  {
    names: ['WECHAT_OAUTH_APPID', 'WECHAT_OAUTH_SECRET'],
    meaning:
      "the official account (公众号) whose web sign-in (snsapi_base) learns a payer's openid for JSAPI payments inside WeChat; the app id defaults to `WECHATPAY_APPID` and must be bound to the merchant; without the secret, payments inside WeChat fall back to the QR code",
  },
  { names: ['WECHAT_OAUTH_AUTHORIZE_URL'], meaning: "WeChat's web sign-in page (snsapi_base)" },
  {
    names: ['WECHAT_OAUTH_API_URL'],
    meaning: 'the WeChat API that exchanges the sign-in code for the openid',
  },
  {
    names: ['ALIPAY_APP_ID'],
    meaning:
      'Alipay app id; the Alipay channel uses the sandbox while every `ALIPAY_*` credential is unset, and refuses to start when only some are set',
  },
  {
    names: ['ALIPAY_PRIVATE_KEY'],
    meaning:
      "the app's RSA2 private key (PEM text, bare base64 as the Alipay console shows it, or a file path)",
  },
  {
    names: ['ALIPAY_PUBLIC_KEY'],
    meaning:
      "Alipay's public key (PEM text, bare base64, or a file path) that verifies answers and notifications",
  },
  { names: ['ALIPAY_GATEWAY'], meaning: 'Alipay OpenAPI gateway' },
  { names: ['BANK_ACCOUNT_NAME'], meaning: 'account name shown for corporate bank transfers' },
  { names: ['BANK_NAME'], meaning: 'bank shown for corporate bank transfers' },
  { names: ['BANK_ACCOUNT_NO'], meaning: 'account number shown for corporate bank transfers' },
] as const satisfies readonly SettingDoc[];

type UndocumentedSetting = Exclude<SettingName, (typeof settingDocs)[number]['names'][number]>;
/** Compiles only while every variable of envSchema has a row in settingDocs; the error names a missing one. */
const _everySettingDocumented: [UndocumentedSetting] extends [never] ? true : UndocumentedSetting = true;

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
  /** The largest upload to a notice, in MB. */
  uploadMaxMb: env.UPLOAD_MAX_MB,
  /** Where the notices' files are kept: on disk under dataDir/files, or in an S3-compatible bucket. */
  fileStore: {
    dir: path.join(path.resolve(env.DATA_DIR), 'files'),
    s3: env.FILE_STORE_S3_BUCKET
      ? {
          bucket: env.FILE_STORE_S3_BUCKET,
          endpoint: env.FILE_STORE_S3_ENDPOINT || null,
          region: env.FILE_STORE_S3_REGION,
          accessKeyId: env.FILE_STORE_S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: env.FILE_STORE_S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: env.FILE_STORE_S3_FORCE_PATH_STYLE,
        }
      : null,
  },
  /** null: SQLite in dataDir. */
  databaseUrl: env.DATABASE_URL ?? null,
  /** null: in-process counters and fan-out. */
  redisUrl: env.REDIS_URL ?? null,
  redisPrefix: env.REDIS_PREFIX,
  /** null: generated once and kept in dataDir. */
  jwtSecret: env.JWT_SECRET ?? null,
  /** The staff TOTP secrets' sealing key; null: derived from the JWT secret. */
  staffTotpKey: env.STAFF_TOTP_KEY ?? null,
  /** Earlier sealing keys still opened, while a rotation is under way. */
  staffTotpPreviousKeys: env.STAFF_TOTP_PREVIOUS_KEYS,
  /** Empty: same origin only. */
  corsOrigins: env.CORS_ORIGINS,
  /** Proxies allowed to name the client's address and scheme: false, a hop count, or their addresses/CIDRs. */
  trustProxy: env.TRUST_PROXY,
  /** Bearer token /metrics asks for; null: open outside production, not served in production. */
  metricsToken: env.METRICS_TOKEN ?? null,
  /** /docs and /docs/json in production too (always served elsewhere). */
  docsPublic: env.DOCS_PUBLIC,
  /** Requests per IP per minute on every route; 0 turns the global limit off. */
  rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
  /** Calls per second one open API key may make. */
  openApiRatePerSecond: env.OPENAPI_RATE_PER_SECOND,
  /** A request's headers and body must have arrived within this; then 408 and the connection is closed. */
  requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
  webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(serverPackageDir, '../web/dist')),
  adminDistDir: path.resolve(env.ADMIN_DIST_DIR ?? path.join(serverPackageDir, '../admin/dist')),
  seedDemo: env.SEED_DEMO,
  /**
   * The demo seed schedules its new policy items this many seconds apart after the first start (0: none); off by
   * default in tests, which build their own data.
   */
  demoNewItemsAfterSeconds:
    env.DEMO_NEW_ITEMS_AFTER_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : DEMO_NEW_ITEMS_AFTER_SECONDS_DEFAULT),
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
  /** null: derived from the JWT secret. */
  toolLaunchSecret: env.TOOL_LAUNCH_SECRET ?? null,
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
    /**
     * Tries per picture; its last wrong one answers data.code 401 and the client draws a new one. One try within
     * 4 px keeps a blind guesser to 9 / 155 = 5.8 % of puzzles (blindGuessShare in modules/captcha/service.ts).
     */
    maxTries: env.CAPTCHA_MAX_TRIES,
    /** How far the dropped piece may be from the answer (and the drag's trail from its ends). */
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
      /** The account notice template (renewal reminders, refunds); without it no SMS notices. */
      noticeTemplateId: env.TENCENT_SMS_NOTICE_TEMPLATE_ID ?? '',
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
  /** How often the renewal reminders (30, 7, 1 days before the expiry, and the day) are looked for. */
  renewalReminderIntervalMs: env.RENEWAL_REMINDER_INTERVAL_MINUTES * 60_000,
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
      /** The official account's web sign-in (JSAPI needs the payer's openid); an empty secret: no JSAPI. */
      oauth: {
        appId: env.WECHAT_OAUTH_APPID || env.WECHATPAY_APPID || '',
        secret: env.WECHAT_OAUTH_SECRET ?? '',
        authorizeUrl: env.WECHAT_OAUTH_AUTHORIZE_URL,
        apiUrl: env.WECHAT_OAUTH_API_URL,
      },
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
