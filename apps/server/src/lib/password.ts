// Password storage: Argon2id over the SHA-256 hex the client sends (ARCHITECTURE.md §5).
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

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
