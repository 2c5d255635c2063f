// The first view of a signed-in page drawn on the server (apps/web/src/entry-server.tsx, built into the web app's
// dist/.ssr): the phone then paints the member's page from the HTML and the browser hydrates it. Renders run in a
// worker thread, one at a time, so a render (100-300 ms of React on this machine) never holds up the API; a render
// that fails or takes longer than RENDER_TIMEOUT_MS, or finds MAX_RENDERS_IN_FLIGHT already there, leaves the page to
// its skeleton, as before.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FirstView, FirstViewInput } from '@uc/shared';
import type { FastifyBaseLogger } from 'fastify';

/** Where the web build writes the server's first-view module (apps/web/vite.config.ts SSR_OUT_DIR). */
export const FIRST_VIEW_MODULE = path.join('.ssr', 'entry-server.js');
/** Longer than this, the page goes out with its skeleton (the render still finishes, and is dropped). */
export const RENDER_TIMEOUT_MS = 1_500;
/** With this many renders in the worker (running or queued, timed out or not), a page goes out with its skeleton. */
export const MAX_RENDERS_IN_FLIGHT = 4;

export interface PageRenderer {
  render(input: FirstViewInput): Promise<FirstView | null>;
  close(): Promise<void>;
}

type Reply = { id: number; view?: FirstView | null; error?: string } | { log: string };

// The worker: plain CommonJS (evaluated), importing the built module once.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const log = (...args) => parentPort.postMessage({ log: args.map(String).join(' ') });
console.log = console.info = console.warn = console.error = console.debug = log;
const module = import(pathToFileURL(workerData.file).href);
parentPort.on('message', async ({ id, input }) => {
  try {
    parentPort.postMessage({ id, view: await (await module).renderFirstView(input) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.stack) || error) });
  }
});
`;

/** A renderer over the web build in `webDistDir`; null when the build has no first-view module. */
export function createPageRenderer(webDistDir: string, log: FastifyBaseLogger): PageRenderer | null {
  const file = path.join(webDistDir, FIRST_VIEW_MODULE);
  if (!existsSync(file)) return null;
  let worker: Worker | null = null;
  let next = 0;
  let inFlight = 0;
  const waiting = new Map<number, (view: FirstView | null) => void>();

  const start = (): Worker => {
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { file } });
    started.unref();
    started.on('message', (reply: Reply) => {
      if ('log' in reply) {
        log.debug({ render: reply.log }, 'page render output');
        return;
      }
      inFlight = Math.max(0, inFlight - 1);
      if (reply.error) log.warn({ err: reply.error }, 'page render failed');
      waiting.get(reply.id)?.(reply.view ?? null);
      waiting.delete(reply.id);
    });
    started.on('error', (error) => log.error({ err: error }, 'page render worker failed'));
    started.on('exit', () => {
      if (worker === started) {
        worker = null;
        inFlight = 0;
      }
      for (const resolve of waiting.values()) resolve(null);
      waiting.clear();
    });
    return started;
  };

  return {
    render(input) {
      // A burst of page loads (or someone reloading on purpose) gets skeletons rather than a growing queue.
      if (inFlight >= MAX_RENDERS_IN_FLIGHT) return Promise.resolve(null);
      worker ??= start();
      inFlight += 1;
      const id = ++next;
      const current = worker;
      return new Promise<FirstView | null>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(null);
        }, RENDER_TIMEOUT_MS);
        waiting.set(id, (view) => {
          clearTimeout(timer);
          resolve(view);
        });
        current.postMessage({ id, input });
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}

/** A phone by its client hints or user agent: its first view is drawn with the phone layout (below 768 px). */
export function looksLikePhone(headers: Readonly<Record<string, string | string[] | undefined>>): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  const agent = headers['user-agent'];
  return typeof agent === 'string' && /\b(iPhone|iPod|Mobile)\b|Android.+Mobile/.test(agent);
}
