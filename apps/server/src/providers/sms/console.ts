// The console provider: logs each code (the one place a code may be logged) and keeps a bounded in-memory outbox.
import type { SmsPurpose } from '@uc/shared';
import type { Outbox, OutboxEntry, SmsProvider } from './types.js';

const OUTBOX_LIMIT = 500;

interface InfoLogger {
  info(obj: object, msg: string): void;
}

export function createConsoleProvider(log: InfoLogger, now: () => Date): SmsProvider & Outbox {
  const outbox: OutboxEntry[] = [];
  return {
    name: 'console',
    async send(phone: string, code: string, purpose: SmsPurpose) {
      const entry = { phone, code, purpose, sentAt: now().toISOString() };
      outbox.push(entry);
      if (outbox.length > OUTBOX_LIMIT) outbox.shift();
      log.info({ sms: entry }, `SMS code for ${phone} (${purpose}): ${code}`);
    },
    list(phone) {
      return outbox.filter((entry) => entry.phone === phone).reverse();
    },
  };
}
