// 开通中: the full-screen loading of the success pages, then one reload so every part of the app starts from the
// new session (token, user cookie, menus); after the reload the page shows its result.
import { Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { clearOpeningFlag, needsOpeningReload, reloadForOpening } from '../model/reload';

/** How long 开通中 shows before the reload. */
export const OPENING_MS = 800;

export function OpeningGate({ active, children }: { active: boolean; children: ReactNode }) {
  const [opening] = useState(() => active && needsOpeningReload());
  useEffect(() => {
    if (!opening) {
      clearOpeningFlag();
      return;
    }
    const timer = window.setTimeout(() => reloadForOpening(), OPENING_MS);
    return () => window.clearTimeout(timer);
  }, [opening]);
  if (opening) return <Spin fullscreen size="large" description="开通中" aria-label="开通中" />;
  return children;
}
