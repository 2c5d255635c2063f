// Card numbers and secrets: a 16-digit number and a 16-character secret drawn with crypto.randomInt from an alphabet
// without 0/O/1/I/L; only the secret's HMAC under the card key is stored, and a secret typed is compared by its HMAC
// in constant time (docs/decisions.md "cards").
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CARD_SECRET_ALPHABET, CARD_SECRET_LENGTH } from '@uc/shared';
import { deriveKey, seal } from '../../lib/seal.js';

/** The key of the secrets' HMACs: derived from the server secret for this use alone. */
export function cardKey(serverSecret: string): Buffer {
  return deriveKey(serverSecret, 'card-secrets');
}

export function newCardNo(): string {
  // The first digit is never 0, so the number reads the same in a spreadsheet.
  let no = String(randomInt(1, 10));
  while (no.length < 16) no += String(randomInt(0, 10));
  return no;
}

export function newCardSecret(): string {
  let secret = '';
  for (let i = 0; i < CARD_SECRET_LENGTH; i += 1)
    secret += CARD_SECRET_ALPHABET[randomInt(CARD_SECRET_ALPHABET.length)];
  return secret;
}

export function hashSecret(key: Buffer, secret: string): string {
  return createHmac('sha256', key).update(secret).digest('hex');
}

/** Whether `secret` is the one whose HMAC is `stored`, in constant time. */
export function secretMatches(key: Buffer, secret: string, stored: string): boolean {
  const given = Buffer.from(hashSecret(key, secret), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Both keys of the cards, from the server secret. */
export function cardKeys(serverSecret: string): { hmacKey: Buffer; sealKey: Buffer } {
  return { hmacKey: cardKey(serverSecret), sealKey: sealKey(serverSecret) };
}

/** The key that seals a gift card's secret until its buyer has it: derived from the server secret for this use. */
export function sealKey(serverSecret: string): Buffer {
  return deriveKey(serverSecret, 'card-seal');
}

export interface NewCard {
  cardNo: string;
  secret: string;
  secretHash: string;
  /** The secret sealed for a one-time hand-out later (gift buyers, the console's export); null when not kept. */
  secretSealed: string | null;
}

/** `count` cards with distinct numbers and fresh secrets; `sealKey` null: the secrets are handed out now, not kept. */
export function newCards(count: number, hmacKey: Buffer, sealKey: Buffer | null): NewCard[] {
  const numbers = new Set<string>();
  while (numbers.size < count) numbers.add(newCardNo());
  return [...numbers].map((cardNo) => {
    const secret = newCardSecret();
    return {
      cardNo,
      secret,
      secretHash: hashSecret(hmacKey, secret),
      secretSealed: sealKey ? seal(sealKey, secret) : null,
    };
  });
}
