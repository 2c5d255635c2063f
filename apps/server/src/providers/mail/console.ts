// The console mail provider: logs each message's recipient and subject and keeps a bounded in-memory outbox.
import type { MailMessage, MailOutbox, MailOutboxEntry, MailProvider } from './types.js';

const OUTBOX_LIMIT = 200;

interface InfoLogger {
  info(obj: object, msg: string): void;
}

export function createConsoleMail(log: InfoLogger, now: () => Date): MailProvider & MailOutbox {
  const outbox: MailOutboxEntry[] = [];
  return {
    name: 'console',
    async send(message: MailMessage) {
      outbox.push({ ...message, sentAt: now().toISOString() });
      if (outbox.length > OUTBOX_LIMIT) outbox.shift();
      log.info(
        { mail: { to: message.to, subject: message.subject } },
        `Mail to ${message.to}: ${message.text}`,
      );
    },
    list(to) {
      const wanted = to.toLowerCase();
      return outbox.filter((entry) => entry.to.toLowerCase() === wanted).reverse();
    },
  };
}
