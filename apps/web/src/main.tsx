// Entry: global styles, providers, the router, and the cross-tab session watch.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { prepareFirstView } from './app/routes/first-view';
import './app/global.css';
import { adoptPageSession, startSessionSync } from './lib/session/session';

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

// The server sent the page's skeleton inside #root. Rendering only once the route's code is there keeps that
// skeleton on screen instead of swapping it for a loading spinner first; rendering as a transition lets React
// yield to the browser between components, so the first render does not block input for its whole length.
// With the server's answers, the page's module and first queries are made ready too (app/routes/first-view.ts).
const firstView = answered ? prepareFirstView(router.state.location.pathname) : Promise.resolve();
void Promise.all([routerReady(), firstView]).then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
