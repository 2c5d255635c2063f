// Chooses the mail provider from the configuration; the console one refuses to run in production unless allowed.
import type { Config } from '../../config.js';
import { createConsoleMail } from './console.js';
import { createSmtpMail } from './smtp.js';
import type { MailOutbox, MailProvider } from './types.js';

export type { MailMessage, MailOutbox, MailOutboxEntry, MailProvider } from './types.js';

interface InfoLogger {
  info(obj: object, msg: string): void;
}

interface MailProviderChoice {
  provider: MailProvider;
  /** The console provider's outbox (for GET /__dev/mail), null for a real server. */
  outbox: MailOutbox | null;
}

export function createMailProvider(
  config: Pick<Config, 'nodeEnv' | 'mail'>,
  log: InfoLogger,
  now: () => Date,
): MailProviderChoice {
  const { mail } = config;
  if (mail.provider === 'smtp') {
    const missing = Object.entries({ SMTP_URL: mail.smtpUrl, MAIL_FROM: mail.from })
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length > 0) throw new Error(`MAIL_PROVIDER=smtp needs ${missing.join(', ')}`);
    return { provider: createSmtpMail({ url: mail.smtpUrl, from: mail.from }), outbox: null };
  }
  if (config.nodeEnv === 'production' && !mail.allowConsole) {
    throw new Error(
      'MAIL_PROVIDER=console only logs mail and must not run in production: configure MAIL_PROVIDER=smtp, or set MAIL_ALLOW_CONSOLE=true deliberately',
    );
  }
  const consoleMail = createConsoleMail(log, now);
  return { provider: consoleMail, outbox: consoleMail };
}
