// Where uploaded avatars are served from, and how a stored avatar is answered to the client (users and account
// both present it).

/** Where this server serves uploaded avatars from (modules/account/avatar.ts stores them). */
export const AVATAR_URL_PREFIX = '/uploads/avatars/';

/**
 * The avatar as the client is given it. A main-site path (/media/...) stays relative: the client prefixes the
 * main-site host (docs/requirements.md §3). A file this server stores is answered as an absolute URL on this server (`origin`),
 * which the client's prefix rule passes through unchanged; `origin` comes from the configuration
 * (lib/public-url.ts), never from the request's Host.
 */
export function presentAvatar(stored: string, origin: string): string {
  return stored.startsWith(AVATAR_URL_PREFIX) ? `${origin}${stored}` : stored;
}
