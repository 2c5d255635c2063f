// The second factor: RFC 6238 codes (6 digits, 30-second steps) from a per-staff Base32 secret, read by any
// authenticator app from an otpauth:// URL. A code is accepted for the current step and one step either side, and
// only for a step after the last one accepted: no code works twice. The secret is stored sealed (AES-256-GCM under
// STAFF_TOTP_KEY, or a key derived from the server secret): `v1.<key id>.<sealed>`, the key id naming which key of the
// ring opens it, so a rotation's earlier keys still open what they sealed until `rotate-totp-key` re-seals it.
import { createHash } from 'node:crypto';
import { STAFF_TOTP_DIGITS, STAFF_TOTP_ISSUER } from '@uc/shared';
import { generateSecret, generateURI, verify } from 'otplib';
import { deriveKey, seal, unseal } from '../../lib/seal.js';

/** Seconds per step (RFC 6238's default, what authenticator apps use). */
export const TOTP_PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URL an authenticator app scans (as a QR code) or takes pasted. */
export function totpUrl(username: string, secret: string): string {
  return generateURI({ issuer: STAFF_TOTP_ISSUER, label: username, secret, digits: STAFF_TOTP_DIGITS });
}

/**
 * The step of `code` when it is valid at `at` (within one step either side) and later than `lastStep`; null
 * otherwise. The caller stores the step it accepts, atomically, as the new last step.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  at: Date,
  lastStep: number,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      digits: STAFF_TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      epoch: Math.floor(at.getTime() / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(lastStep > 0 ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid && 'timeStep' in result && result.timeStep > lastStep ? result.timeStep : null;
  } catch {
    // A malformed secret or code: not a valid code.
    return null;
  }
}

interface SealingKey {
  /** The first 8 hex digits of the key's SHA-256: which key sealed a value (it tells nothing of the key). */
  id: string;
  key: Buffer;
}

/** The keys of the TOTP secrets: `current` seals, each of `all` (current first) opens what it sealed. */
export interface TotpKeyring {
  current: SealingKey;
  all: readonly SealingKey[];
}

function sealingKey(secret: string): SealingKey {
  const key = deriveKey(secret, 'staff-totp');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/**
 * The ring of the configuration: the configured key (else the server secret's) seals; the earlier configured keys
 * and the server secret's key still open, so setting a first STAFF_TOTP_KEY needs no earlier key listed.
 */
export function totpKeyring(
  configured: string | null,
  previous: readonly string[],
  serverSecret: string,
): TotpKeyring {
  const current = sealingKey(configured ?? serverSecret);
  const all = [current];
  for (const key of [...previous, serverSecret].map(sealingKey))
    if (!all.some((k) => k.id === key.id)) all.push(key);
  return { current, all };
}

const SEALED = /^v1\.([0-9a-f]{8})\.([A-Za-z0-9_-]+)$/;

/** The stored form of a Base32 secret: sealed under the ring's current key. */
export function sealTotpSecret(ring: TotpKeyring, secret: string): string {
  return `v1.${ring.current.id}.${seal(ring.current.key, secret)}`;
}

/** Whether a stored value is sealed under the ring's current key (nothing for a rotation to do). */
export function sealedUnderCurrent(ring: TotpKeyring, stored: string): boolean {
  return SEALED.exec(stored)?.[1] === ring.current.id;
}

/**
 * The Base32 secret of a stored value: opened with the key its id names, or the value itself when it was stored
 * before sealing (a Base32 text, sealed at the next start or sign-in); null when no key of the ring opens it.
 */
export function openTotpSecret(ring: TotpKeyring, stored: string): string | null {
  const sealed = SEALED.exec(stored);
  if (!sealed) return /^[A-Z2-7]+=*$/.test(stored) ? stored : null;
  const key = ring.all.find((k) => k.id === sealed[1]);
  if (!key) return null;
  try {
    return unseal(key.key, sealed[2] ?? '');
  } catch {
    return null;
  }
}
