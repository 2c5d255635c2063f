// Entry: global styles, providers, the router, and the cross-tab session watch.
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './app/global.css';
import { REPLAY_EARLY_INPUT } from '@uc/shared';
import { adoptPageSession, startSessionSync } from './lib/session/session';
import { assumeScreen } from './lib/ui/use-media-query';

// A signed-in page carries its session (plugins/page-answers.ts on the server): the guard then has it at once.
const answered = adoptPageSession();
const router = createAppRouter();
startSessionSync();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** Resolves once the router has loaded the matched routes' lazy modules (the server preloads them). */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// The server sent the page's skeleton inside #root, or, for a signed-in page, the page itself (data-first-view: drawn
// from its answers by entry-server.tsx). Rendering only once the route's code is there keeps that skeleton on screen
// instead of swapping it for a loading spinner first; rendering as a transition lets React yield to the browser
// between components, so the first render does not block input for its whole length. With the server's answers, the
// page's module and first queries are made ready too (app/routes/first-view.ts): the first render is then the
// server's, and hydrating it reuses its elements.
const drawn = container.dataset.firstView;
if (drawn) assumeScreen(drawn === 'phone');
// Its module (and the query cache it fills) only on such a page: the login page does not load them. The server
// preloads it with the page's own modules (index.html's member templates).
const firstView = answered
  ? import('./app/routes/first-view').then(({ prepareFirstView }) =>
      prepareFirstView(router.state.location.pathname),
    )
  : Promise.resolve();
// Each step of the start is marked on the page's performance timeline (boot:router, boot:first-view, boot:hydrate or
// boot:live): a page that never goes live says where it stopped.
const mark = (step: string) => performance.mark(`boot:${step}`);
const routed = routerReady().then(() => mark('router'));
const prepared = firstView.then(() => mark('first-view'));
void Promise.all([routed, prepared]).then(() => {
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
      {drawn ? <ReplayEarlyInput /> : null}
    </StrictMode>
  );
  // A drawing without the session's answers cannot be hydrated (the first render would differ): the app then renders
  // over it, and still hands the boot script's held input back (ReplayEarlyInput) so the page answers clicks.
  const hydrate = Boolean(drawn && answered);
  mark(hydrate ? 'hydrate' : 'client-render');
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});

/**
 * Hands React what the member did on the server's drawing before it was live (recorded by the server's boot script,
 * which holds every click on a drawn page until then). In the first commit (a layout effect), so that nothing React
 * already handles is recorded too; the script dispatches the recorded events in the next task, outside React's commit, where an event that hits a part React has
 * not hydrated yet (a Suspense boundary, hydrated after the root) makes React hydrate that part at once. From then on
 * React handles what the member does: `<html data-live>` says so (browser tests wait for it before they act).
 */
function ReplayEarlyInput() {
  useLayoutEffect(() => {
    const replay: unknown = Reflect.get(window, REPLAY_EARLY_INPUT);
    if (typeof replay === 'function') replay();
    document.documentElement.dataset.live = '';
    mark('live');
  }, []);
  return null;
}
