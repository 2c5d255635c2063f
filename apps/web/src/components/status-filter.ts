// A list's state filter kept in the URL's `status` (absent: 全部), chosen with a Segmented above the list.
import { useSearchParams } from 'react-router';

export const ALL_STATES = 'all';

/** What the Segmented holds: one of the states, or 全部. */
export type StateChoice<S extends string> = S | typeof ALL_STATES;

/**
 * The state the URL filters by (undefined: every state) and the Segmented's props; choosing a state replaces the
 * history entry, and with `clearsPage` starts the list again at its first page.
 */
export function useStatusFilter<S extends string>(
  states: readonly S[],
  text: Record<S, string>,
  { clearsPage = false }: { clearsPage?: boolean } = {},
) {
  const [search, setSearch] = useSearchParams();
  const status = states.find((state) => state === search.get('status'));
  const options: { value: StateChoice<S>; label: string }[] = [
    { value: ALL_STATES, label: '全部' },
    ...states.map((state) => ({ value: state, label: text[state] })),
  ];
  const onChange = (value: StateChoice<S>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === ALL_STATES) next.delete('status');
        else next.set('status', value);
        if (clearsPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const value: StateChoice<S> = status ?? ALL_STATES;
  return { status, segmented: { value, options, onChange } };
}
