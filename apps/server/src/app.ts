// buildApp(config): the whole HTTP application, plugins then modules, without listening (main.ts listens, tests inject).
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { createDb, type Db } from './db/connection.js';
import { errors } from './errors.js';
import { createMemoryStore, type Store } from './lib/kv.js';
import { createRedisStore } from './lib/kv-redis.js';
import { readOrCreateSecret } from './lib/secret.js';
import { createTokens } from './lib/token.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { captchaRoutes } from './modules/captcha/routes.js';
import { createCaptchaService } from './modules/captcha/service.js';
import { homeRoutes } from './modules/home/routes.js';
import { memberPlanRoutes } from './modules/member/plan-routes.js';
import { memberRoutes } from './modules/member/routes.js';
import { menusRoutes } from './modules/menus/routes.js';
import { newsRoutes } from './modules/news/routes.js';
import { pagesRoutes } from './modules/pages/routes.js';
import { createPushHub } from './modules/push/hub.js';
import { pushPlugin } from './modules/push/routes.js';
import { registerRoutes } from './modules/register/routes.js';
import { createRegisterService } from './modules/register/service.js';
import { createSmsCodes } from './modules/sms/codes.js';
import { smsRoutes } from './modules/sms/routes.js';
import { subscribeRoutes } from './modules/subscribe/routes.js';
import { toolsRoutes } from './modules/tools/routes.js';
import { createRecoveryService } from './modules/users/recovery.js';
import { recoveryRoutes } from './modules/users/recovery-routes.js';
import { usersRoutes } from './modules/users/routes.js';
import { authPlugin } from './plugins/auth.js';
import { devPlugin } from './plugins/dev.js';
import { docsPlugin } from './plugins/docs.js';
import { bodyOf, envelopePlugin } from './plugins/envelope.js';
import { healthRoutes } from './plugins/health.js';
import { metricsPlugin } from './plugins/metrics.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { createSmsProvider } from './providers/sms/index.js';

/** What tests may supply; anything supplied is owned (and closed) by the caller, anything else by the app. */
export interface AppDeps {
  db?: Db;
  store?: Store;
  /** The clock of sessions, memberships, codes and locks (and of the memory store's expiry). */
  now?: () => Date;
  /** How the login slow-down waits; tests record the delays instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

declare module 'fastify' {
  interface FastifyInstance {
    /** For main.ts (migrations, seed) and tests. */
    db: Db;
  }
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.new_password1',
        '*.new_password2',
        '*.verifycode',
        '*.token',
      ],
      censor: '[redacted]',
    },
    ...(config.nodeEnv === 'development' && process.stdout.isTTY && canResolve('pino-pretty')
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

function canResolve(specifier: string): boolean {
  try {
    import.meta.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

export async function buildApp(config: Config, deps: AppDeps = {}) {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs and the like, before any route: still the envelope.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      reply.code(400).send(bodyOf(errors.badRequest()));
    },
  }).withTypeProvider<ZodTypeProvider>();

  const now = deps.now ?? (() => new Date());
  const db = deps.db ?? createDb(config, app.log);
  const redis =
    deps.store || !config.redisUrl ? null : new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
  // ioredis reconnects by itself; the errors it emits meanwhile belong in the log.
  redis?.on('error', (err) => app.log.error({ err }, 'Redis connection error'));
  const store =
    deps.store ??
    (redis ? createRedisStore(redis, config.redisPrefix) : createMemoryStore(() => now().getTime()));
  app.addHook('onClose', async () => {
    if (!deps.store) await store.close();
    if (!deps.db) await db.destroy();
  });
  app.decorate('db', db);

  const secret = config.jwtSecret ?? (await readOrCreateSecret(config.dataDir));
  const tokens = createTokens(secret);
  const sms = createSmsProvider(config, app.log, now);
  const codes = createSmsCodes({
    kv: store.kv,
    provider: sms.provider,
    secret,
    limits: config.sms,
    now,
    log: app.log,
  });
  const captcha = createCaptchaService({
    kv: store.kv,
    limits: config.captcha,
    now,
    exposeAnswers: config.nodeEnv !== 'production',
  });
  const push = createPushHub({
    pubsub: store.pubsub,
    now,
    idleMs: config.identity.pushIdleSeconds * 1000,
    log: app.log,
  });
  const auth = createAuthService({
    db,
    kv: store.kv,
    tokens,
    limits: config.login,
    now,
    sleep: deps.sleep ?? realSleep,
    codes,
    push,
  });

  // Cross-cutting first: the error handler, headers and limits must see every route registered after them.
  await app.register(envelopePlugin);
  await app.register(securityPlugin, { config });
  await app.register(rateLimitPlugin, {
    perMinute: config.rateLimitPerMinute,
    redis,
    prefix: config.redisPrefix,
  });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(metricsPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin, { auth });

  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { auth, limits: config.login });
  await app.register(usersRoutes);
  await app.register(captchaRoutes, { captcha, limits: config.captcha });
  await app.register(smsRoutes, { db, codes, captcha, limits: config.sms });
  await app.register(registerRoutes, {
    register: createRegisterService({ db, codes, now }),
    limits: config.identity,
  });
  await app.register(recoveryRoutes, {
    recovery: createRecoveryService({ db, codes, auth, now }),
    limits: config.identity,
  });
  await app.register(pushPlugin, { hub: push, auth });
  await app.register(menusRoutes, { db });
  await app.register(memberRoutes);
  await app.register(memberPlanRoutes, { now });
  await app.register(homeRoutes, { now });
  await app.register(subscribeRoutes);
  await app.register(newsRoutes, { now });
  await app.register(toolsRoutes, { now });
  await app.register(pagesRoutes, { site: config.site });
  await app.register(webPlugin, { config });
  if (config.nodeEnv !== 'production') await app.register(devPlugin, { config, outbox: sms.outbox, captcha });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
