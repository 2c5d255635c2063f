// Process entry: reads the config, builds the app, readies the database, listens, and closes gracefully on signals.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { setupDatabase } from './db/setup.js';
import { createFileStore } from './lib/file-store.js';

const config = loadConfig();
const app = await buildApp(config);

closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

try {
  await setupDatabase(app.db, {
    seedDemo: config.seedDemo,
    newItemsAfterSeconds: config.demoNewItemsAfterSeconds,
    log: app.log,
    files: createFileStore(config.fileStore),
  });
  await app.listen({ port: config.port, host: config.host });
  // Renewal reminders: a pass now, then every RENEWAL_REMINDER_INTERVAL_MINUTES (stopped on close).
  app.renewalReminders.start();
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close();
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info(`用户中心已启动: http://localhost:${port}/usercenter/`);
if (config.nodeEnv === 'production' && !config.payment.publicBaseUrl) {
  // The request's Host is never used instead: a client chooses it.
  const what = config.site.apiBaseUrl
    ? 'payment notify URLs'
    : 'payment notify URLs, avatar URLs and email links';
  app.log.warn(`PUBLIC_BASE_URL is not set: ${what} point at http://localhost:${config.port}`);
}
