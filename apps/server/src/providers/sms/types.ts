// The SMS gateway interface every provider implements; a provider only delivers, the code rules live in modules/sms
// and the digest rules (who, how often) in modules/subscriptions/delivery.ts.
import type { SmsPurpose } from '@uc/shared';

/** The daily digest of new policy items matching a member's push settings. */
export interface SmsDigest {
  /** The title of the item that triggered it. */
  title: string;
  /** How many items it stands for. */
  count: number;
}

/** An account notice (a renewal reminder, a refund): a title and one short detail, each cut to a variable's limit. */
export interface SmsNotice {
  title: string;
  detail: string;
}

export interface SmsProvider {
  readonly name: string;
  /** Delivers `code` to `phone`; rejects when the gateway refused or could not be reached. */
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
  /** Delivers a digest notification to `phone`; rejects when the gateway refused or is not set up for it. */
  notify(phone: string, digest: SmsDigest): Promise<void>;
  /** Delivers an account notice to `phone`; rejects when the gateway refused or is not set up for it. */
  notice(phone: string, notice: SmsNotice): Promise<void>;
}

/** A message the console provider "sent" (development and tests only). */
export interface OutboxEntry {
  phone: string;
  /** The verification code; empty for a digest. */
  code: string;
  purpose: SmsPurpose | 'digest' | 'notice';
  /** The full text of a digest or a notice, as the gateway's template renders it. */
  text?: string;
  /** ISO-8601 UTC. */
  sentAt: string;
}

export interface Outbox {
  /** Messages to `phone`, newest first. */
  list(phone: string): OutboxEntry[];
}
