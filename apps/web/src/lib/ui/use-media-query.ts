// Media queries as React state, read synchronously on the first render (no desktop flash on a phone).
import { useCallback, useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px): phones and very narrow windows. */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** The system asks for less motion: antd's transitions and the news scroller stop. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

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
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
