// The product's cookies (docs/requirements.md §3): names from @uc/shared, SameSite=Lax, Secure over https.
import { COOKIE, cityByCode, DEFAULT_CITY, type TokenPayload } from '@uc/shared';
import Cookies from 'js-cookie';

export interface CityInfo {
  citycode: string;
  cityname: string;
}

/**
 * This app's own flag (not a product cookie of docs/requirements.md §3): the session was started with remember-me. It lives
 * as long as the token cookie, so a reload can give CCW-Site the same lifetime as CCW-Token (the lifetime of a
 * cookie cannot be read back in JavaScript).
 */
export const REMEMBER_COOKIE = 'rememberMe';

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

function removeCookie(name: string): void {
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

/** Records whether the session was started with remember-me (same lifetime as the token cookie). */
export function setRememberFlag(rememberMe: boolean, days?: number): void {
  if (rememberMe) setCookie(REMEMBER_COOKIE, '1', days);
  else removeCookie(REMEMBER_COOKIE);
}

export function isRemembered(): boolean {
  return getCookie(REMEMBER_COOKIE) === '1';
}

/**
 * The city of the cityinfo cookie when it is one the server serves (CITIES of @uc/shared, named as there);
 * anything else (another site's city, a hand-edited cookie) falls back to Shenzhen (docs/requirements.md §3, §9).
 */
export function getCity(): CityInfo {
  const value = parseJson(getCookie(COOKIE.city));
  if (typeof value === 'object' && value !== null) {
    const { citycode } = value as Record<string, unknown>;
    const city = typeof citycode === 'string' ? cityByCode(citycode) : undefined;
    if (city) return { citycode: city.citycode, cityname: city.cityname };
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

/**
 * Logout (docs/requirements.md §4): token, user cookie, id, site, city, the re-login and remember-me flags go. A login
 * replacing a session keeps the city (`keepCity`): only logout clears it.
 */
export function clearSessionCookies(options: { keepCity?: boolean } = {}): void {
  const names = [COOKIE.token, COOKIE.user, COOKIE.id, COOKIE.site, COOKIE.reLogin, REMEMBER_COOKIE];
  for (const name of options.keepCity ? names : [...names, COOKIE.city]) removeCookie(name);
}
