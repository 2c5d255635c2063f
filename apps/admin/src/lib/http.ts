// The console's one HTTP client: same-origin fetch with the staff cookie, JSON in and out, the product's envelope.
// A 401 (no session, or idle too long) and a 403 (the role may not) go to the handlers the app installs. A failed call
// rejects with the ApiError of @uc/client.
import { ApiError, fileNameOf, saveFile } from '@uc/client';
import { CODE, type Envelope, MSG } from '@uc/shared';

export type QueryValue = string | number | undefined | null;
export type Query = Record<string, QueryValue>;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** The caller handles 401 and 403 itself (the sign-in form, the first session check). */
  silent?: boolean;
}

interface FailureHandlers {
  unauthorized: (error: ApiError) => void;
  forbidden: (error: ApiError) => void;
}

const handlers: FailureHandlers = { unauthorized: () => {}, forbidden: () => {} };

/** Installs what a 401 and a 403 do (the app: back to 登录, a message). */
export function onFailure(next: Partial<FailureHandlers>): void {
  Object.assign(handlers, next);
}

/** The URL of a path with the query's non-empty values. */
export function urlOf(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'code' in body && 'data' in body;
}

async function readBody(response: Response): Promise<unknown> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** Turns a failed response into an ApiError and lets the installed handler act on 401/403. */
export async function failureOf(response: Response, silent = false): Promise<ApiError> {
  const body = await readBody(response);
  const envelope = isEnvelope(body) ? body : null;
  const code = envelope?.code ?? response.status;
  const status = response.status;
  const error = new ApiError({
    kind: 'http',
    message: envelope?.message || fallbackMessage(status, code),
    status,
    code,
  });
  if (!silent) {
    if (status === 401 || code === CODE.unauthorized) handlers.unauthorized(error);
    else if (status === 403 || code === CODE.forbidden) handlers.forbidden(error);
  }
  return error;
}

function fallbackMessage(status: number, code: number): string {
  if (status === 401 || code === CODE.unauthorized) return MSG.staffSessionExpired;
  if (status === 403 || code === CODE.forbidden) return MSG.staffForbidden;
  return '请求失败，请稍后重试';
}

/** One call; resolves with the envelope's `data`, rejects with an ApiError. A FormData body goes as multipart. */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const { method = 'GET', query, body, silent = false } = options;
  // The browser writes a multipart body's Content-Type itself (with its boundary).
  const form = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(urlOf(path, query), {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError({ kind: 'network', message: '网络连接失败，请检查网络后重试' });
  }
  if (!response.ok) throw await failureOf(response, silent);
  const envelope = await readBody(response);
  if (!isEnvelope(envelope))
    throw new ApiError({ kind: 'http', message: '服务器返回格式错误', status: response.status });
  if (envelope.code !== CODE.ok) {
    const error = new ApiError({
      kind: 'business',
      message: envelope.message || fallbackMessage(0, envelope.code),
      status: response.status,
      code: envelope.code,
    });
    if (!silent && envelope.code === CODE.unauthorized) handlers.unauthorized(error);
    else if (!silent && envelope.code === CODE.forbidden) handlers.forbidden(error);
    throw error;
  }
  return envelope.data as T;
}

/**
 * Downloads a file answer (an export) under the name the server gives; failures as api(). `method` POST: a file a
 * change answers (a batch's secrets, handed out once).
 */
export async function download(
  path: string,
  query: Query,
  fallbackName: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(urlOf(path, query), { method, credentials: 'same-origin' });
  } catch {
    throw new ApiError({ kind: 'network', message: '网络连接失败，请检查网络后重试' });
  }
  if (!response.ok) throw await failureOf(response);
  // An envelope instead of a file is a refusal (HTTP 200 with another code).
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    const body = await readBody(response);
    throw new ApiError({
      kind: 'business',
      message: isEnvelope(body) ? body.message : '导出失败',
      status: response.status,
      ...(isEnvelope(body) && { code: body.code }),
    });
  }
  saveFile(await response.blob(), fileNameOf(response.headers.get('content-disposition'), fallbackName));
}
