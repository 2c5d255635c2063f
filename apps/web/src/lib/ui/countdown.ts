// A seconds countdown outside React (dialogs opened by the HTTP client and the push channel).

export interface CountdownHandlers {
  /** Whole seconds left, called at the start and at each change (never with 0). */
  onTick: (secondsLeft: number) => void;
  /** The time is up. */
  onDone: () => void;
}

/**
 * Counts `seconds` down against a deadline, not tick by tick: a throttled background tab still ends on time
 * and never shows a second twice. Returns a stop function (safe to call more than once).
 */
export function startCountdown(
  seconds: number,
  { onTick, onDone }: CountdownHandlers,
  now: () => number = Date.now,
): () => void {
  const deadline = now() + seconds * 1_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let shown = 0;

  const step = () => {
    if (stopped) return;
    const left = deadline - now();
    if (left <= 0) {
      stopped = true;
      onDone();
      return;
    }
    const secondsLeft = Math.ceil(left / 1_000);
    if (secondsLeft !== shown) {
      shown = secondsLeft;
      onTick(secondsLeft);
    }
    // Wake at the next whole second (or the deadline).
    timer = setTimeout(step, left - (secondsLeft - 1) * 1_000);
  };
  step();

  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
