// The first view of a signed-in page, rendered on the server (apps/server/src/plugins/page-render.ts): the same
// routes, providers, session and first queries as the browser's first render (main.tsx), from the answers the server
// made for the page, so the phone paints the page itself from the HTML and the browser hydrates it instead of
// drawing it again. No request leaves a render: every GET not answered stays pending, as it is in the browser's
// first render too. Renders run one at a time, because the session store, the query cache and the page's answers
// are the app's module state, the same as in a browser tab.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { FirstView, FirstViewInput } from '@uc/shared';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { prepareFirstView } from './app/routes/first-view';
import { providePageAnswers, resetPageAnswers } from './lib/http/page-answers';
import { queryClient } from './lib/http/query-client';
import { provideRuntimeConfig, resetRuntimeConfigCache } from './lib/runtime-config';
import { resetAuthStore, useAuthStore } from './lib/session/auth-store';
import { adoptPageSession } from './lib/session/session';
import { assumeScreen } from './lib/ui/use-media-query';
import { BASENAME } from './paths';

let queue: Promise<unknown> = Promise.resolve();

/** Runs renders one after another (see the file comment). */
function serially<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return html;
}

async function render(input: FirstViewInput): Promise<FirstView | null> {
  providePageAnswers(input.answers);
  provideRuntimeConfig(input.config);
  assumeScreen(input.phone);
  resetAuthStore();
  useAuthStore.setState({ token: input.token });
  try {
    if (!adoptPageSession(input.token)) return null;
    const url = new URL(input.url, 'http://localhost');
    await prepareFirstView(url.pathname);
    const handler = createStaticHandler(routes, { basename: BASENAME });
    const context = await handler.query(new Request(url));
    // A redirect (or any answer other than a page) is left to the browser.
    if (context instanceof Response || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const cache = createCache();
    // progressiveChunkSize: every boundary inline, in place (no outlined boundaries and the scripts that move them).
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <StyleProvider cache={cache}>
          <AppProviders>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StyleProvider>
      </StrictMode>,
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await streamToString(prelude);
    // Nothing drawn (a route that only redirects): the page keeps its skeleton.
    return html ? { html, styles: extractStyle(cache) } : null;
  } finally {
    queryClient.clear();
    resetPageAnswers();
    resetRuntimeConfigCache();
    resetAuthStore();
    assumeScreen(undefined);
  }
}

/** The page's first view as HTML, or null when it is not one to render here (no session, a redirect). */
export function renderFirstView(input: FirstViewInput): Promise<FirstView | null> {
  return serially(() => render(input));
}
