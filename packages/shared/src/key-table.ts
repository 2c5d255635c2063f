// Tables of `{ key, name }` entries (inbox kinds, staff roles, subscription tabs, ...): their keys for `z.enum` and
// each key's name.

type Keyed = readonly { key: string }[];

/** The table's keys in order, as the non-empty tuple `z.enum` takes. */
export function keysOf<T extends Keyed>(table: T): [T[number]['key'], ...T[number]['key'][]] {
  return table.map((entry) => entry.key) as [T[number]['key'], ...T[number]['key'][]];
}

/** Each key's name. */
export function namesOf<T extends readonly { key: string; name: string }[]>(
  table: T,
): Record<T[number]['key'], string> {
  return Object.fromEntries(table.map((entry) => [entry.key, entry.name])) as Record<
    T[number]['key'],
    string
  >;
}
