// The SMS gateway interface every provider implements; a provider only delivers, the code rules live in modules/sms.
import type { SmsPurpose } from '@uc/shared';

export interface SmsProvider {
  readonly name: string;
  /** Delivers `code` to `phone`; rejects when the gateway refused or could not be reached. */
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
}

/** A message the console provider "sent" (development and tests only). */
export interface OutboxEntry {
  phone: string;
  code: string;
  purpose: SmsPurpose;
  /** ISO-8601 UTC. */
  sentAt: string;
}

export interface Outbox {
  /** Messages to `phone`, newest first. */
  list(phone: string): OutboxEntry[];
}
