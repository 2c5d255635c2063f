// Request URLs as the log writes them: the values of query parameters that look like secrets are replaced.
// A client may put a key, a token or a signature in a query string (an open API key pasted as `?api_key=`, a payment
// gateway's `sign`); the log keeps the parameter's name, so what was sent stays visible, never its value.

export const REDACTED = '[redacted]';

/**
 * Parameter names, compared case-insensitively without `_` and `-`, whose values are secrets (docs/decisions.md
 * "Secrets out of the logs"): keys, tokens, passwords, signatures, one-time codes and tickets.
 */
const SECRET_NAMES = new Set([
  'apikey',
  'key',
  'accesskey',
  'secretkey',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'secret',
  'clientsecret',
  'password',
  'passwd',
  'pwd',
  'sign',
  'sig',
  'signature',
  'code',
  'verifycode',
  'captcha',
  'ticket',
  'auth',
  'authorization',
  'session',
  'sessionid',
  'sid',
]);

/** Endings that make any name a secret's (`app_secret`, `x-api-key`, `resetToken`, `new_password`). */
const SECRET_ENDINGS = ['apikey', 'token', 'secret', 'password', 'signature'];

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** Whether a query parameter of this (raw, possibly percent-encoded) name holds a secret. */
export function isSecretParam(rawName: string): boolean {
  const name = decodedName(rawName)
    .trim()
    .toLowerCase()
    .replace(/[\s_\-[\].]/g, '');
  return SECRET_NAMES.has(name) || SECRET_ENDINGS.some((ending) => name.endsWith(ending));
}

/** The URL with the values of its secret query parameters replaced; everything else as it was sent. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      return eq >= 0 && isSecretParam(name) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}
