// The sweep of uploads nothing took: a file uploaded for a ticket or a notice that no ticket, reply or saved notice
// carries a day after its upload is removed, its row first (so nothing is ever carried without its bytes), then its
// bytes. Each kind of upload says which of its rows are unused; this file runs the sweep and its hourly timer.
import type { FastifyInstance } from 'fastify';
import type { FileStore } from './file-store.js';

/** How long an upload waits for something to carry it. */
export const UNUSED_UPLOAD_MS = 24 * 3_600_000;
/** How often the uploads are looked at. */
const SWEEP_EVERY_MS = 3_600_000;
const SWEEP_BATCH = 200;

export interface UnusedUploads {
  /** Up to `limit` uploads unused and uploaded before `before` (ISO), in id order. */
  stale(before: string, limit: number): Promise<readonly { id: number }[]>;
  /** Deletes those of `ids` still unused (something may have carried one meanwhile); the storage keys deleted. */
  remove(ids: readonly number[]): Promise<string[]>;
}

/** Removes the uploads unused for a day at `now`; how many. */
export async function sweepUnusedUploads(
  uploads: UnusedUploads,
  store: FileStore,
  now: Date,
): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_UPLOAD_MS).toISOString();
  let removed = 0;
  for (;;) {
    const stale = await uploads.stale(before, SWEEP_BATCH);
    const keys = await uploads.remove(stale.map((row) => row.id));
    for (const key of keys) await store.remove(key);
    removed += keys.length;
    if (stale.length < SWEEP_BATCH) return removed;
  }
}

/** Runs `sweep` every hour while `app` is up (from ready to close); a failure is logged as `what`. */
export function sweepHourly(app: FastifyInstance, sweep: () => Promise<unknown>, what: string): void {
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      sweep().catch((err: unknown) => app.log.error({ err }, what));
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
