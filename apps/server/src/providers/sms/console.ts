// The console provider: logs each code (the one place a code may be logged) and each digest, and keeps a bounded
// in-memory outbox.
import type { SmsPurpose } from '@uc/shared';
import { smsDigestText, smsNoticeText } from './digest.js';
import type { Outbox, OutboxEntry, SmsDigest, SmsNotice, SmsProvider } from './types.js';

const OUTBOX_LIMIT = 500;

interface InfoLogger {
  info(obj: object, msg: string): void;
}

export function createConsoleProvider(
  log: InfoLogger,
  now: () => Date,
  signName: string,
): SmsProvider & Outbox {
  const outbox: OutboxEntry[] = [];
  const keep = (entry: OutboxEntry) => {
    outbox.push(entry);
    if (outbox.length > OUTBOX_LIMIT) outbox.shift();
  };
  return {
    name: 'console',
    async send(phone: string, code: string, purpose: SmsPurpose) {
      const entry = { phone, code, purpose, sentAt: now().toISOString() };
      keep(entry);
      log.info({ sms: entry }, `SMS code for ${phone} (${purpose}): ${code}`);
    },
    async notify(phone: string, digest: SmsDigest) {
      const text = `【${signName}】${smsDigestText(digest)}`;
      keep({ phone, code: '', purpose: 'digest', text, sentAt: now().toISOString() });
      log.info({ sms: { phone, purpose: 'digest' } }, `SMS digest for ${phone}: ${text}`);
    },
    async notice(phone: string, notice: SmsNotice) {
      const text = `【${signName}】${smsNoticeText(notice)}`;
      keep({ phone, code: '', purpose: 'notice', text, sentAt: now().toISOString() });
      log.info({ sms: { phone, purpose: 'notice' } }, `SMS notice for ${phone}: ${text}`);
    },
    list(phone) {
      return outbox.filter((entry) => entry.phone === phone).reverse();
    },
  };
}
