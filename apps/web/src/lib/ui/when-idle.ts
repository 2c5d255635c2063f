// Work that can wait for the browser to be idle: prefetches and warm-ups, kept out of the first view's tasks.

/** Runs `run` once the browser is idle, at the latest after `timeoutMs` (300 ms where there is no idle callback). */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(run, 300);
  return () => window.clearTimeout(timer);
}
