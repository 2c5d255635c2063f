// A call's query: only the values that say something go on the URL.
export type QueryValue = string | number | boolean | undefined | null;
export type Query = Readonly<Record<string, QueryValue>>;

/** The query's non-empty values as text (undefined, null and '' are left out). */
export function queryOf(query: Query | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  return out;
}

/** The URL of a path with the query's non-empty values. */
export function urlOf(path: string, query?: Query): string {
  const text = new URLSearchParams(queryOf(query)).toString();
  return text ? `${path}?${text}` : path;
}
