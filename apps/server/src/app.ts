// buildApp(config): the whole HTTP application, plugins then modules, without listening (main.ts listens, tests inject).
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { createDb, type Db } from './db/connection.js';
import { errors } from './errors.js';
import { createMemoryStore, type Store } from './lib/kv.js';
import { createRedisStore } from './lib/kv-redis.js';
import { redactUrl } from './lib/log-url.js';
import { readOrCreateSecret } from './lib/secret.js';
import { createTokens } from './lib/token.js';
import { trustProxyOption, trustProxyWarning } from './lib/trust-proxy.js';
import { createServices, devCommands, registerModules } from './modules/index.js';
import { toMember } from './modules/member/scope.js';
import { ADMIN_BASE, adminWebPlugin } from './plugins/admin-web.js';
import { apiKeyAuthPlugin } from './plugins/api-key-auth.js';
import { authPlugin } from './plugins/auth.js';
import { builtAssets } from './plugins/built-app.js';
import { compressionPlugin } from './plugins/compression.js';
import { devPlugin } from './plugins/dev.js';
import { docsPlugin } from './plugins/docs.js';
import { encodingPlugin } from './plugins/encoding.js';
import { bodyOf, clientErrorHandler, envelopePlugin } from './plugins/envelope.js';
import { healthRoutes } from './plugins/health.js';
import { metricsPlugin } from './plugins/metrics.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { staffAuthPlugin } from './plugins/staff-auth.js';
import { WEB_BASE, webPlugin } from './plugins/web.js';
import { createMailProvider } from './providers/mail/index.js';
import { createPaymentChannels } from './providers/payment/index.js';
import type { PaymentChannels } from './providers/payment/types.js';
import { createSmsProvider } from './providers/sms/index.js';

/** What tests may supply; anything supplied is owned (and closed) by the caller, anything else by the app. */
export interface AppDeps {
  db?: Db;
  store?: Store;
  /** The clock of sessions, memberships, codes and locks (and of the memory store's expiry). */
  now?: () => Date;
  /** How the login slow-down waits; tests record the delays instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Payment channels instead of the configured ones (tests put a failing or scripted provider in). */
  payments?: PaymentChannels;
  /** Told of every route as it is registered (the test that api.md lists every path collects them). */
  onRoute?: (route: RouteOptions) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

declare module 'fastify' {
  interface FastifyInstance {
    /** For main.ts (migrations, seed) and tests. */
    db: Db;
  }
}

function loggerOptions(config: Config, stream?: AppDeps['logStream']): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
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
    serializers: {
      // Fastify's request fields, with the values of secret-looking query parameters replaced (lib/log-url.ts).
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        version: req.headers?.['accept-version']?.toString(),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(!stream && config.nodeEnv === 'development' && process.stdout.isTTY && canResolve('pino-pretty')
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
    logger: loggerOptions(config, deps.logStream),
    trustProxy: trustProxyOption(config.trustProxy),
    // A request whose headers and body have not all arrived in time is answered 408 (clientErrorHandler) and closed.
    // Node checks its unfinished requests every connectionsCheckingInterval, so that is a fraction of the timeout;
    // websockets (upgraded) and responses being streamed are not unfinished requests.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(5_000, Math.floor(config.requestTimeoutMs / 4))),
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs and the like, before any route: still the envelope.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      reply.code(400).send(bodyOf(errors.badRequest()));
    },
    // What Node's parser refuses (bad request line, broken chunking, huge headers): the envelope too.
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  // A hop count on an address others can reach trusts whatever peer connects: said once the server listens.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    const warning =
      typeof address === 'object' && address ? trustProxyWarning(config.trustProxy, address.address) : null;
    if (warning) app.log.warn(warning);
  });

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
  const sms = createSmsProvider(config, app.log, now);
  const mail = createMailProvider(config, app.log, now);
  const payments =
    deps.payments ?? createPaymentChannels({ config, kv: store.kv, secret, now, log: app.log });
  const services = createServices({
    config,
    db,
    store,
    now,
    sleep: deps.sleep ?? realSleep,
    tokens: createTokens(secret, now),
    secret,
    sms: sms.provider,
    mail: mail.provider,
    payments,
    log: app.log,
  });

  // Cross-cutting first: the error handler, headers and limits must see every route registered after them.
  await app.register(envelopePlugin);
  await app.register(securityPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, {
    perMinute: config.rateLimitPerMinute,
    redis,
    prefix: config.redisPrefix,
    unlimited: [builtAssets(WEB_BASE), builtAssets(ADMIN_BASE)],
  });
  await app.register(encodingPlugin);
  await app.register(cookie);
  await app.register(metricsPlugin, { config });
  await app.register(docsPlugin, { config });
  await app.register(authPlugin, { auth: services.auth, toMember, creditsLeft: services.tools.creditsLeft });
  await app.register(staffAuthPlugin, { staff: services.staff });
  await app.register(apiKeyAuthPlugin, { keys: services.openApi });

  await app.register(healthRoutes, { db });
  await registerModules(app, services, config);
  await app.register(webPlugin, { config });
  await app.register(adminWebPlugin, { config });
  if (config.nodeEnv !== 'production') {
    await app.register(devPlugin, {
      config,
      outbox: sms.outbox,
      mailOutbox: mail.outbox,
      captcha: services.captcha,
      commands: devCommands(services, { db, secret }),
    });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
