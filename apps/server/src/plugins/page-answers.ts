// The answers of a signed-in page's first calls, made inside the server when it sends the page (page-answers.ts of
// packages/shared): the same routes, checks and limits as the browser's own requests, for the session of the page
// request's cookie, from its address.
import {
  answerKey,
  CODE,
  COOKIE,
  FIRST_VIEW_CALLS,
  type FirstCall,
  PAGE_ANSWERS_ELEMENT_ID,
  SESSION_CALLS,
} from '@uc/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The request headers a call carries over from the page request (what the browser would send with it). */
const CARRIED = ['cookie', 'user-agent', 'accept-language'] as const;

type Answers = Record<string, unknown>;

/** A successful envelope, or null (any other answer is left to the page to ask for and handle). */
async function answer(app: FastifyInstance, request: FastifyRequest, token: string, call: FirstCall) {
  const query = answerKey('', call.params);
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  for (const name of CARRIED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const url = `/${call.path.replace(/^\/+/, '')}${query}`;
  const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
  if (res.statusCode !== 200) return null;
  try {
    const body = JSON.parse(res.body) as { code?: unknown };
    return body.code === CODE.ok ? body : null;
  } catch {
    return null;
  }
}

/**
 * The answers for a page request with a session cookie: the session's user and menus, and, when the session is
 * valid and the URL has no query, the first calls of the page at `path`. Null without a valid session, or when the
 * user or the menus could not be answered (a limit, a failure): the browser cannot take a session from half of it, so
 * the page is then sent as its skeleton and asks for everything itself, rather than drawn from answers it cannot use.
 */
export async function pageAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
): Promise<Answers | null> {
  const token = request.cookies[COOKIE.token];
  if (!token) return null;
  const [info, ...rest] = SESSION_CALLS;
  if (!info) return null;
  const user = await answer(app, request, token, info);
  if (!user) return null;
  const hasQuery = request.url.includes('?');
  const calls = [
    ...rest,
    ...(hasQuery || !Object.hasOwn(FIRST_VIEW_CALLS, path) ? [] : (FIRST_VIEW_CALLS[path] ?? [])),
  ];
  const answered = await Promise.all(calls.map((call) => answer(app, request, token, call)));
  if (answered.slice(0, rest.length).some((body) => body === null)) return null;
  const answers: Answers = { [answerKey(info.path, info.params)]: user };
  calls.forEach((call, i) => {
    if (answered[i]) answers[answerKey(call.path, call.params)] = answered[i];
  });
  return answers;
}

/** The answers as the page's JSON element; "<" escaped so no value can close it. */
export function answersElement(answers: Answers): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${json}</script>`;
}
