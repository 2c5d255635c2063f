// Answers the server puts into a signed-in page: the GET calls its first view makes, answered before the page asks,
// so a phone draws the page in one pass instead of fetching the session, then the menus, then the page's data.
// The web's HTTP client takes each one instead of requesting it (apps/web/src/lib/http/page-answers.ts); the server
// fills them in plugins/web.ts from the calls of first-view.ts. Both name a call the same way: `answerKey`.
// No schema module is imported here: the web's entry reads this file.

/** The JSON element of the page holding `{ [answerKey]: envelope }`. */
export const PAGE_ANSWERS_ELEMENT_ID = 'uc-answers';

/** How long after the page loaded its answers may still stand in for a request (ms). */
export const PAGE_ANSWERS_TTL_MS = 30_000;

type Param = string | number | boolean | null | undefined;

/**
 * One GET call, named by its path (without the leading slash docs/requirements.md §7 sometimes leaves out) and its query: the
 * URL's own pairs and the params' (URI-encoded), sorted; empty values kept, absent (null, undefined) ones left out.
 */
export function answerKey(url: string, params?: Readonly<Record<string, Param>>): string {
  const [rawPath = '', rawQuery = ''] = url.split('?', 2);
  const pairs: string[] = rawQuery ? rawQuery.split('&').filter(Boolean) : [];
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined)
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  pairs.sort();
  return `${rawPath.replace(/^\/+/, '')}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
}

/**
 * The global function a server-drawn page defines (the server's boot script) to replay the clicks and typing made on
 * it before the app could handle them; the app calls it once hydrated (apps/web/src/main.tsx). Here, with no schema
 * beside it, so the web entry that imports it carries no zod.
 */
export const REPLAY_EARLY_INPUT = '__ucReplayEarlyInput';
