// The answers the server put into a signed-in page (packages/shared page-answers.ts): each stands in once for the
// GET it answers, within PAGE_ANSWERS_TTL_MS of the page's load; any write drops the rest, so nothing read after a
// change can come from before it.
import { answerKey, PAGE_ANSWERS_ELEMENT_ID, PAGE_ANSWERS_TTL_MS } from '@uc/shared';

type Params = Readonly<Record<string, string | number | boolean | null | undefined>>;

let answers: Map<string, unknown> | undefined;
let answersOnly = false;
/** Answers handed over by a server render (entry-server.tsx): they hold for the whole render, no TTL. */
let provided = false;

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return answers;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (parsed && typeof parsed === 'object') answers = new Map(Object.entries(parsed));
  } catch {
    // Not readable: the page asks for everything itself.
  }
  element.remove();
  return answers;
}

/** The body the server answered for this GET, taken (it answers once); undefined when there is none (any more). */
export function takePageAnswer(url: string, params?: Params): unknown {
  const all = load();
  if (all.size === 0) return undefined;
  if (!provided && performance.now() > PAGE_ANSWERS_TTL_MS) {
    all.clear();
    return undefined;
  }
  const key = answerKey(url, params);
  const body = all.get(key);
  all.delete(key);
  return body;
}

/** Drops the answers not taken yet (a write may have changed what they say). */
export function dropPageAnswers(): void {
  load().clear();
}

/**
 * Runs `work` with only the page's answers to go on: a GET the server did not answer is canceled (no request, no
 * message), so preparing a first view never asks the network for what the page itself may not ask (a trial
 * member's push settings, say).
 */
export async function withPageAnswersOnly<T>(work: () => Promise<T>): Promise<T> {
  answersOnly = true;
  try {
    return await work();
  } finally {
    answersOnly = false;
  }
}

/** Whether a GET without an answer is to be canceled now (withPageAnswersOnly). */
export function pageAnswersOnly(): boolean {
  return answersOnly;
}

/** The answers of a page rendered on the server, where there is no element to read them from. */
export function providePageAnswers(entries: Readonly<Record<string, unknown>>): void {
  answers = new Map(Object.entries(entries));
  provided = true;
}

/** Test hook (and the end of a server render): the next read takes the page's element again. */
export function resetPageAnswers(): void {
  answers = undefined;
  provided = false;
}
