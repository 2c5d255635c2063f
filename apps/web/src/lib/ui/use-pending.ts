// Whether an async action started here is still running: the loading state of a submit or export button whose
// call is not a TanStack mutation.
import { useCallback, useState } from 'react';

/** [pending, run]: `run(action)` runs the action and is pending until it settles, whatever the outcome. */
export function usePending(): [boolean, <T>(action: () => Promise<T>) => Promise<T>] {
  const [pending, setPending] = useState(false);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T> => {
    setPending(true);
    try {
      return await action();
    } finally {
      setPending(false);
    }
  }, []);
  return [pending, run];
}
