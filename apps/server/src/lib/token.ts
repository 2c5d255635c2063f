// HS256 session tokens carrying docs/requirements.md §3's payload plus jti (docs/architecture.md §5).
import type { TokenPayload } from '@uc/shared';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { createCache } from './cache.js';

const payloadSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  is_service: z.boolean(),
  level: z.number().int(),
  exp: z.number().int(),
  group_id: z.number().int(),
  area: z.string(),
  jti: z.string().min(1),
}) satisfies z.ZodType<TokenPayload>;

type VerifiedToken = { ok: true; payload: TokenPayload } | { ok: false; reason: 'expired' | 'invalid' };

export interface Tokens {
  sign(payload: TokenPayload): Promise<string>;
  verify(token: string): Promise<VerifiedToken>;
}

const MAX_REMEMBERED = 10_000;

/** `now`: the app's clock, so a token expires when the app says (tests move it). */
export function createTokens(secret: string, now: () => Date = () => new Date()): Tokens {
  // Imported once: handing jose the raw bytes makes it import a CryptoKey on every sign and verify, which was the
  // largest cost of an authenticated read.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A token's signature never changes its verdict, so a verified token is remembered until it expires: an authenticated
  // read then costs a map lookup instead of an HMAC through WebCrypto. Sessions are still checked on every request.
  const verified = createCache<string, TokenPayload>({ now, max: MAX_REMEMBERED });
  return {
    sign: async (payload) =>
      new SignJWT({ ...payload }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(await key),
    async verify(token) {
      const seen = verified.get(token);
      if (seen && seen.exp * 1000 > now().getTime()) return { ok: true, payload: seen };
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: now() });
        const parsed = payloadSchema.safeParse(payload);
        if (!parsed.success) return { ok: false, reason: 'invalid' };
        verified.set(token, parsed.data);
        return { ok: true, payload: parsed.data };
      } catch (error) {
        return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
