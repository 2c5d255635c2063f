// The second factor: RFC 6238 codes (6 digits, 30-second steps) from a per-staff Base32 secret, read by any
// authenticator app from an otpauth:// URL. A code is accepted for the current step and one step either side, and
// only for a step after the last one accepted: no code works twice.
import { STAFF_TOTP_DIGITS, STAFF_TOTP_ISSUER } from '@uc/shared';
import { generateSecret, generateURI, verify } from 'otplib';

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
