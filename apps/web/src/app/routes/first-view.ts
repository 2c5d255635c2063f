// The first view of a signed-in page, made ready before the app's first render: the page's module loaded and its
// first queries in the cache. The server answered those queries inside the page (plugins/page-answers.ts), so this
// takes no request; the first render then draws the page with its data, over the server's skeleton, in one pass:
// no loader or loading state is painted first and nothing moves afterwards.

import { withPageAnswersOnly } from '../../lib/http/page-answers';
import { queryClient } from '../../lib/http/query-client';
import type { FirstQueries } from '../../lib/routing/lazy-page';
import { useAuthStore } from '../../lib/session/auth-store';
import { normalizePath, stripBasename } from '../../paths';
import { resolvePage } from './registry';
import { menuModelOf } from './use-menu-model';

/** The longest the first render waits for the page's module (a slow chunk: the page then loads as it always did). */
const WAIT_MS = 1_500;

const hasFirstQueries = (module: unknown): module is { firstQueries: FirstQueries } =>
  typeof module === 'object' &&
  module !== null &&
  typeof (module as { firstQueries?: unknown }).firstQueries === 'function';

/** `pathname`: the browser's, with the basename. */
export async function prepareFirstView(pathname: string): Promise<void> {
  const { menus, id, boot } = useAuthStore.getState();
  if (boot !== 'ready' || !menus) return;
  const route = menuModelOf(menus).byPath.get(normalizePath(stripBasename(pathname)));
  if (!route || route.redirect) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ready = (async () => {
    const module = await resolvePage(route.component).preload();
    if (!hasFirstQueries(module)) return;
    await withPageAnswersOnly(() => Promise.all(module.firstQueries(queryClient, id)));
  })().catch(() => {
    // The page shows its own failure when it renders.
  });
  await Promise.race([ready, new Promise((resolve) => (timer = setTimeout(resolve, WAIT_MS)))]);
  clearTimeout(timer);
}
