// Password storage: Argon2id over the SHA-256 hex the client sends (docs/architecture.md §5).
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { LIMITS } from '@uc/shared';

// OWASP's Argon2id parameters; Argon2id is the library's default algorithm.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** SHA-256, lowercase hex: what the client sends instead of the password (and what Tencent Cloud signing hashes). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function hashPassword(clientHash: string): Promise<string> {
  return hash(clientHash, ARGON2);
}

export async function verifyPassword(stored: string, clientHash: string): Promise<boolean> {
  try {
    return await verify(stored, clientHash);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends one verification on a throwaway hash, so an unknown username costs as much time as a wrong password. */
export async function verifyDummy(clientHash: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('hex'));
  await verifyPassword(await dummyHash, clientHash);
  return false;
}

/** Length of a generated password: letters and digits, at least one of each (docs/requirements.md §5). */
const GENERATED_PASSWORD_LENGTH = 10;
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/**
 * A temporary password the registration rules accept (a sub-account's reset, the console's reset); letters and digits that are hard to confuse (no 0/O, 1/l/I).
 */
export function generatePassword(): string {
  const all = LETTERS + DIGITS;
  const chars = [LETTERS[randomInt(LETTERS.length)], DIGITS[randomInt(DIGITS.length)]];
  while (chars.length < Math.max(GENERATED_PASSWORD_LENGTH, LIMITS.passwordMin))
    chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
