// The stored TOTP secrets under the configured keys: sealing the ones stored in clear before sealing existed (at
// every start, before the server listens) and re-sealing every one under the current key (`npm run staff --
// rotate-totp-key`, after the new key is set on every instance with the old one among STAFF_TOTP_PREVIOUS_KEYS).
import type { Db } from '../../db/connection.js';
import { listTotpSecrets, resealTotpSecret } from './repo.js';
import { openTotpSecret, sealedUnderCurrent, sealTotpSecret, type TotpKeyring } from './totp.js';

export interface ResealResult {
  /** Secrets now sealed under the current key that were not before. */
  resealed: number;
  /** Staff whose secret no key of the ring opens (a key missing from STAFF_TOTP_PREVIOUS_KEYS): left as they are. */
  unreadable: string[];
}

const isClear = (stored: string) => !stored.startsWith('v1.');

/**
 * `clear`: seals the secrets still stored in clear; `all`: also re-seals those sealed under an earlier key. Each row is
 * replaced only while it still holds what was read, so two instances starting at once seal each secret once.
 */
export async function resealTotpSecrets(
  db: Db,
  ring: TotpKeyring,
  which: 'clear' | 'all',
): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, unreadable: [] };
  for (const row of await listTotpSecrets(db)) {
    if (sealedUnderCurrent(ring, row.totp_secret)) continue;
    if (which === 'clear' && !isClear(row.totp_secret)) continue;
    const secret = openTotpSecret(ring, row.totp_secret);
    if (secret === null) {
      result.unreadable.push(row.username);
      continue;
    }
    if (await resealTotpSecret(db, row.id, row.totp_secret, sealTotpSecret(ring, secret)))
      result.resealed += 1;
  }
  return result;
}
