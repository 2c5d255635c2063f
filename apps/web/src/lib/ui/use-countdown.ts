// The seconds left until a deadline, for screens (the SMS code button, the time left to pay an order): the
// component re-renders at each whole second, on the one countdown of countdown.ts.
import { useEffect, useReducer } from 'react';
import { countDownTo, secondsLeft } from './countdown';

/** Whole seconds left until `deadline` (epoch ms), 0 once it has passed; null while there is no deadline. */
export function useCountdown(deadline: number | null): number | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (deadline === null) return;
    return countDownTo(deadline, { onTick: rerender, onDone: rerender });
  }, [deadline]);
  return deadline === null ? null : secondsLeft(deadline, Date.now());
}
