// Redirect targets from the URL: same-origin in-app paths only (docs/architecture.md §5, open redirects).
import { isMemberLevel } from '@uc/shared';
import { AUTH_PATHS, PACKAGE_PATHS, paths, stripBasename } from '../../paths';

const PROBE_ORIGIN = 'http://uc.invalid';

function hasControlOrSpace(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || /\s/.test(char)) return true;
  }
  return false;
}

/**
 * Returns an in-app path (relative to the basename, with query and hash) or null when the value could
 * lead elsewhere: absolute URLs, protocol-relative '//host', backslashes, control characters.
 */
export function sanitizeRedirect(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers treat '\' like '/', and strip tabs and newlines: '/\evil.com' and '/\t/evil.com' go off-site.
  if (value.includes('\\') || hasControlOrSpace(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${stripBasename(url.pathname)}${url.search}${url.hash}`;
}

/** Where to go after a successful login (docs/requirements.md §2 "Login screen"): a paid member skips the package pages. */
export function postLoginTarget(rawRedirect: string | null | undefined, level: number): string {
  const target = sanitizeRedirect(rawRedirect);
  if (!target) return paths.root;
  const pathname = (target.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  if (AUTH_PATHS.includes(pathname)) return paths.root;
  if (PACKAGE_PATHS.includes(pathname) && isMemberLevel(level)) return paths.root;
  return target;
}

/** The tool URL to show in the iframe area, or null unless it is http(s) on an allowed tool host. */
export function allowedToolUrl(raw: string | null | undefined, toolHosts: readonly string[]): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const allowed = toolHosts.some((host) => toolOrigin(host) === url.origin);
  return allowed ? url.href : null;
}

/** 'https://tool.example.com/' and 'tool.example.com' both mean the origin https://tool.example.com. */
export function toolOrigin(host: string): string | null {
  const value = host.trim();
  if (!value) return null;
  try {
    return new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`).origin;
  } catch {
    return null;
  }
}

/** The in-app address that shows an allowed external tool in the layout's iframe area. */
export function toolFramePath(url: string): string {
  return `${paths.dashboard}?redirect=${encodeURIComponent(url)}`;
}
