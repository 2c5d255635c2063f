// What went wrong with a request, reduced from the axios error to what an app's failure policy needs.

/** What went wrong with a request, reduced to what the catalogue needs. */
export type FailureInput =
  /** HTTP 2xx with a body code the caller did not expect. */
  | { kind: 'business'; code: number; message?: string }
  /** Non-2xx HTTP status, with whatever body came back. */
  | { kind: 'http'; status: number; code?: number; message?: string; detail?: string }
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'canceled' };

/** The axios error fields the classifier reads (a structural subset of AxiosError). */
export interface ErrorLike {
  code?: string;
  message?: string;
  response?: { status: number; data?: unknown };
  name?: string;
}

export function bodyField(body: unknown, key: string): unknown {
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
  const code = bodyField(body, 'code');
  const message = bodyField(body, 'message');
  const detail = bodyField(body, 'detail');
  return {
    kind: 'http',
    status: error.response.status,
    ...(typeof code === 'number' ? { code } : {}),
    ...(typeof message === 'string' && message ? { message } : {}),
    ...(typeof detail === 'string' && detail ? { detail } : {}),
  };
}
