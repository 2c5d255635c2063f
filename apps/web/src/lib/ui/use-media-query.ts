// Media queries as React state, read synchronously on the first render (no desktop flash on a phone).
import { useCallback, useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px): phones and very narrow windows. */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** Below antd's `sm` breakpoint (576 px): phones. */
export const NARROW_QUERY = '(max-width: 575.98px)';

/** The system asks for less motion: antd's transitions and the news scroller stop. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** What a server render assumed for each query (it sees no screen); hydration starts from the same answers. */
let assumed: Readonly<Record<string, boolean>> = {};

/**
 * Sets what a server render assumes of the screen (a phone, or wider than `md`): by the server for its render, by
 * the browser before hydrating it; undefined forgets it (every query then starts unmatched).
 */
export function assumeScreen(phone: boolean | undefined): void {
  assumed = phone === undefined ? {} : { [PHONE_QUERY]: phone, [NARROW_QUERY]: phone };
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [query],
  );
  const snapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, snapshot, () => assumed[query] ?? false);
}
