// Sealing a secret the server must read back later (a gift card's secret until its buyer has it, a staff member's
// TOTP secret): AES-256-GCM under a 32-byte key derived for that one use, so a database copy alone reveals nothing
// and a changed byte fails to open.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** A 32-byte key for one use (`label`), derived from a longer secret (the server secret or a configured key). */
export function deriveKey(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(label).digest();
}

/** AES-256-GCM: iv, tag and ciphertext, base64url. */
export function seal(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The secret `seal` sealed under `key`; throws when the key is another or the text was changed. */
export function unseal(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
