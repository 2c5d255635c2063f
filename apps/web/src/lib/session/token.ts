// The JWT of docs/requirements.md §3: decoding its payload and the cookie lifetime derived from its expiry (docs/requirements.md §9).
import { DAY_MS, LIMITS, SECOND_MS, type TokenPayload } from '@uc/shared';
import { jwtDecode } from 'jwt-decode';

/** Decodes a token payload without verifying it (the server verifies); null when unreadable. */
export function decodeToken(token: string): TokenPayload | null {
  if (!token) return null;
  try {
    const raw = jwtDecode<Partial<TokenPayload>>(token);
    if (typeof raw.user_id !== 'number' || typeof raw.exp !== 'number') return null;
    return {
      user_id: raw.user_id,
      username: String(raw.username ?? ''),
      email: String(raw.email ?? ''),
      is_service: Boolean(raw.is_service),
      level: Number(raw.level ?? 0),
      exp: raw.exp,
      group_id: Number(raw.group_id ?? 0),
      area: String(raw.area ?? ''),
      jti: String(raw.jti ?? ''),
    };
  } catch {
    return null;
  }
}

/**
 * Lifetime in days of the session cookies (docs/requirements.md §9): (exp - 28830 - now) / 86400 with remember-me,
 * otherwise undefined (a session cookie). A non-positive result also falls back to a session cookie.
 */
export function cookieLifetimeDays(exp: number, nowSeconds: number, rememberMe: boolean): number | undefined {
  if (!rememberMe) return undefined;
  const days = (exp - LIMITS.cookieExpiryOffsetSeconds - nowSeconds) / (DAY_MS / SECOND_MS);
  return days > 0 ? days : undefined;
}

/** Avatars may be site-relative; they are served by the main site. */
export function resolveAvatar(avatar: string | null | undefined, mainSiteUrl: string): string {
  if (!avatar) return '';
  if (/^(https?:)?\/\//i.test(avatar) || avatar.startsWith('data:')) return avatar;
  return `${mainSiteUrl.replace(/\/+$/, '')}/${avatar.replace(/^\/+/, '')}`;
}
