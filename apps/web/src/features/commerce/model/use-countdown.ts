// Whole seconds left until a deadline (epoch ms), re-rendered every second; null while there is no deadline.
import { useEffect, useReducer } from 'react';

export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function useCountdown(deadline: number | null): number | null {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : secondsLeft(deadline, Date.now());
}

/** 600 -> '10:00'. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
