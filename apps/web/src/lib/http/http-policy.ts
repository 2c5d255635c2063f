// Pure decisions of the HTTP client: request timeouts (docs/requirements.md §9) and the generic error catalogue (docs/requirements.md §8).
import { CODE, LIMITS, MSG } from '@uc/shared';

/** What went wrong with a request, reduced to what the catalogue needs. */
export type FailureInput =
  /** HTTP 2xx with a body code the caller did not expect. */
  | { kind: 'business'; code: number; message?: string }
  /** Non-2xx HTTP status, with whatever body came back. */
  | { kind: 'http'; status: number; code?: number; message?: string; detail?: string }
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'canceled' };

/** What the client does about it. */
export type FailureAction =
  /** `forced`: the session was ended by a login elsewhere (30001); the dialog logs out by itself. */
  | { type: 'relogin'; message: string; redirect: 'dashboard' | 'current'; forced?: true }
  | { type: 'navigate'; to: '/403' | '/503' }
  | { type: 'toast'; message: string }
  | { type: 'none' };

export interface FailureOptions {
  /** The caller handles every failure itself: no dialog, no navigation, no toast. */
  silent?: boolean;
  /** Body codes the caller handles itself. */
  handleCodes?: readonly number[];
}

const NONE: FailureAction = { type: 'none' };

/** 30001: the server's message or the default one; back to the dashboard after the new login. */
function loggedInElsewhere(message: string | undefined): FailureAction {
  return { type: 'relogin', message: message || MSG.loggedInElsewhere, redirect: 'dashboard', forced: true };
}

/** Maps a failure to the catalogue's reaction (docs/requirements.md §8 "Generic"). */
export function decideFailure(input: FailureInput, options: FailureOptions = {}): FailureAction {
  if (options.silent || input.kind === 'canceled') return NONE;
  const handled = options.handleCodes ?? [];
  switch (input.kind) {
    case 'timeout':
      return { type: 'toast', message: MSG.timeout };
    case 'network':
      return { type: 'toast', message: MSG.network };
    case 'business':
      if (input.code === CODE.loggedInElsewhere && !handled.includes(input.code)) {
        return loggedInElsewhere(input.message);
      }
      return NONE;
    case 'http': {
      if (input.code !== undefined && handled.includes(input.code)) return NONE;
      if (input.code === CODE.loggedInElsewhere) return loggedInElsewhere(input.message);
      if (input.status === 401) return { type: 'relogin', message: MSG.sessionExpired, redirect: 'current' };
      if (input.status === 403) return { type: 'navigate', to: '/403' };
      if (input.status === 503) return { type: 'navigate', to: '/503' };
      if (input.status === 502) return { type: 'toast', message: MSG.badGateway };
      const text = input.detail || input.message;
      if (text) return { type: 'toast', message: text };
      return { type: 'toast', message: fallbackMessage(input.status) };
    }
  }
}

function fallbackMessage(status: number): string {
  if (status >= 500) return MSG.internal;
  if (status === 404) return MSG.notFound;
  if (status === 400) return MSG.badRequest;
  return `请求失败（${status}）`;
}

/** The axios error fields the classifier reads (a structural subset of AxiosError). */
export interface ErrorLike {
  code?: string;
  message?: string;
  response?: { status: number; data?: unknown };
  name?: string;
}

function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
}

/**
 * Reduces an axios error to a FailureInput. The client sets `clarifyTimeoutError`, so a timeout is ETIMEDOUT;
 * ECONNABORTED ('Request aborted': the browser dropped the request, say on leaving the page) counts as
 * canceled, like an AbortController's ERR_CANCELED: nothing to tell the user.
 */
export function classifyError(error: ErrorLike): FailureInput {
  if (error.name === 'CanceledError' || error.code === 'ERR_CANCELED' || error.code === 'ECONNABORTED') {
    return { kind: 'canceled' };
  }
  if (error.code === 'ETIMEDOUT') return { kind: 'timeout' };
  if (!error.response) return { kind: 'network' };
  const body = error.response.data;
  const code = field(body, 'code');
  const message = field(body, 'message');
  const detail = field(body, 'detail');
  return {
    kind: 'http',
    status: error.response.status,
    ...(typeof code === 'number' ? { code } : {}),
    ...(typeof message === 'string' && message ? { message } : {}),
    ...(typeof detail === 'string' && detail ? { detail } : {}),
  };
}

function excuFlag(payload: unknown): unknown {
  if (
    payload instanceof URLSearchParams ||
    (typeof FormData !== 'undefined' && payload instanceof FormData)
  ) {
    return payload.get('excu') ?? undefined;
  }
  return field(payload, 'excu');
}

/** Timeout of a request (docs/requirements.md §9): the payload flag `excu` shortens it, 'tail_start' lengthens it. */
export function timeoutFor(data: unknown, params: unknown): number {
  const flags = [excuFlag(data), excuFlag(params)];
  if (flags.includes('tail_start')) return LIMITS.requestTimeoutTailStartMs;
  if (flags.some((f) => f !== undefined && f !== null && f !== '' && f !== false))
    return LIMITS.requestTimeoutExcuMs;
  return LIMITS.requestTimeoutMs;
}
