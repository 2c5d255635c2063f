// Pure decisions of the HTTP client: request timeouts (docs/requirements.md §9) and the generic error catalogue (docs/requirements.md §8).
import { bodyField, type FailureInput } from '@uc/client';
import { CODE, LIMITS, MSG } from '@uc/shared';

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

function excuFlag(payload: unknown): unknown {
  if (
    payload instanceof URLSearchParams ||
    (typeof FormData !== 'undefined' && payload instanceof FormData)
  ) {
    return payload.get('excu') ?? undefined;
  }
  return bodyField(payload, 'excu');
}

/** Timeout of a request (docs/requirements.md §9): the payload flag `excu` shortens it, 'tail_start' lengthens it. */
export function timeoutFor(data: unknown, params: unknown): number {
  const flags = [excuFlag(data), excuFlag(params)];
  if (flags.includes('tail_start')) return LIMITS.requestTimeoutTailStartMs;
  if (flags.some((f) => f !== undefined && f !== null && f !== '' && f !== false))
    return LIMITS.requestTimeoutExcuMs;
  return LIMITS.requestTimeoutMs;
}
