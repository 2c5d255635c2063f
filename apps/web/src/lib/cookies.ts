// The product's cookies (SPEC.md §3): names from @uc/shared, SameSite=Lax, Secure over https.
import { COOKIE, DEFAULT_CITY, type TokenPayload } from '@uc/shared';
import Cookies from 'js-cookie';

export interface CityInfo {
  citycode: string;
  cityname: string;
}

function baseAttributes(): Cookies.CookieAttributes {
  const secure = typeof window !== 'undefined' && window.location.protocol === 'https:';
  return { path: '/', sameSite: 'Lax', secure };
}

/** Sets a cookie; `days` undefined makes it a session cookie. */
export function setCookie(name: string, value: string, days?: number): void {
  Cookies.set(name, value, days === undefined ? baseAttributes() : { ...baseAttributes(), expires: days });
}

export function getCookie(name: string): string | undefined {
  return Cookies.get(name);
}

export function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/' });
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function getToken(): string {
  return getCookie(COOKIE.token) ?? '';
}

/** Stores the session cookies: token, user payload, user id (and site when known). */
export function setSessionCookies(token: string, payload: TokenPayload, days?: number): void {
  setCookie(COOKIE.token, token, days);
  setCookie(COOKIE.user, JSON.stringify(payload), days);
  setCookie(COOKIE.id, String(payload.user_id), days);
}

export function setSiteCookie(site: string, days?: number): void {
  if (site) setCookie(COOKIE.site, site, days);
}

/** The user cookie (the token payload), or undefined when absent or unreadable. */
export function getUserCookie(): Partial<TokenPayload> | undefined {
  const value = parseJson(getCookie(COOKIE.user));
  return typeof value === 'object' && value !== null ? (value as Partial<TokenPayload>) : undefined;
}

export function getCity(): CityInfo {
  const value = parseJson(getCookie(COOKIE.city));
  if (typeof value === 'object' && value !== null) {
    const { citycode, cityname } = value as Record<string, unknown>;
    if (typeof citycode === 'string' && typeof cityname === 'string') return { citycode, cityname };
  }
  return { ...DEFAULT_CITY };
}

export function setCity(city: CityInfo): void {
  setCookie(COOKIE.city, JSON.stringify(city));
}

/** The distribution channel, sent as `source` on login, pay and register. */
export function getDistribution(): string | undefined {
  return getCookie(COOKIE.distribution) || undefined;
}

export function setReLogin(): void {
  setCookie(COOKIE.reLogin, '1');
}

/** Logout (SPEC.md §4): token, user cookie, id, site, city and the re-login flag go. */
export function clearSessionCookies(): void {
  for (const name of [COOKIE.token, COOKIE.user, COOKIE.id, COOKIE.site, COOKIE.city, COOKIE.reLogin]) {
    removeCookie(name);
  }
}
