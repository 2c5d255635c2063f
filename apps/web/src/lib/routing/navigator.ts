// Navigation usable outside React (the HTTP interceptor, the session): the router registers itself here.
import { BASENAME, stripBasename } from '../../paths';

export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let current: NavigateFn | null = null;

/** Called once by the router; returns an unregister function. */
export function registerNavigator(fn: NavigateFn): () => void {
  current = fn;
  return () => {
    if (current === fn) current = null;
  };
}

/** Navigates to an in-app path ('/dashboard'); falls back to a page load before the router exists. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (current) {
    current(to, options);
    return;
  }
  const url = `${BASENAME}${to}`;
  if (options?.replace) window.location.replace(url);
  else window.location.assign(url);
}

/** The current in-app location (path and query, basename stripped). */
export function currentAppPath(): string {
  const { pathname, search } = window.location;
  return `${stripBasename(pathname)}${search}`;
}
