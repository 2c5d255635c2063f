// The console's one HTTP client, the axios core of @uc/client over fetch (same-origin, the staff cookie), JSON in and
// out, the product's envelope. A 401 (no session, or idle too long) and a 403 (the role may not) go to the handlers
// the app installs. A failed call rejects with the ApiError of @uc/client.
import {
  ApiError,
  type CallArgs,
  createHttpClient,
  downloadFile,
  endpointRequest,
  type FailureContext,
  type FailureInput,
  isEnvelope,
  type Query,
  queryOf,
  type RequestConfig,
} from '@uc/client';
import { CODE, type Endpoint, type EndpointOutput, MSG } from '@uc/shared';

export type { Query, QueryValue } from '@uc/client';

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

function fallbackMessage(status: number, code: number): string {
  if (status === 401 || code === CODE.unauthorized) return MSG.staffSessionExpired;
  if (status === 403 || code === CODE.forbidden) return MSG.staffForbidden;
  return '请求失败，请稍后重试';
}

/** The console's failure policy: the error of the failure, and the installed handler told of a 401/403. */
function fail(input: FailureInput, { config, status = 0 }: FailureContext): ApiError {
  if (input.kind !== 'http' && input.kind !== 'business')
    return new ApiError({ kind: 'network', message: '网络连接失败，请检查网络后重试' });
  const code = input.code ?? status;
  const error = new ApiError({
    kind: input.kind,
    message: input.message || fallbackMessage(input.kind === 'http' ? status : 0, code),
    status,
    code,
  });
  if (!config?.silent) {
    if (status === 401 || code === CODE.unauthorized) handlers.unauthorized(error);
    else if (status === 403 || code === CODE.forbidden) handlers.forbidden(error);
  }
  return error;
}

const client = createHttpClient({
  // fetch, as the browser sends it: a file answer arrives whole, and the session's cookie goes same-origin.
  adapter: 'fetch',
  // The console's paths are absolute on its own origin (fetch's Request takes no relative URL outside a page).
  baseURL: window.location.origin,
  withCredentials: 'same-origin' as unknown as boolean,
  // The fetch adapter names itself in User-Agent where the browser lets it: the browser's own name goes instead.
  headers: { Accept: 'application/json', 'User-Agent': navigator.userAgent },
  // A refusal comes as HTTP 200 with another body code.
  refuses: (envelope) => envelope.code !== CODE.ok,
  fail,
});

// A change without a body is sent as JSON (the server reads an empty JSON body as {}): left alone, axios sends a
// bodiless POST as an empty form, which the server refuses (导出卡密). A body keeps the type axios gives it (JSON, or
// multipart for a FormData).
client.interceptors.request.use((config) => {
  if (config.data === undefined && config.method !== 'get')
    config.headers.set('Content-Type', 'application/json');
  return config;
});

async function send<T>(config: RequestConfig): Promise<T> {
  const response = await client.request<unknown>(config);
  const envelope = response.data;
  if (!isEnvelope(envelope))
    throw new ApiError({ kind: 'http', message: '服务器返回格式错误', status: response.status });
  return envelope.data as T;
}

/** One call; resolves with the envelope's `data`, rejects with an ApiError. A FormData body goes as multipart. */
export function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const { method = 'GET', query, body, silent = false } = options;
  return send<T>({ method, url: path, params: queryOf(query), data: body, silent });
}

/** One call of an endpoint of the contract (@uc/shared endpoint.ts): resolves with the envelope's `data`. */
export function call<E extends Endpoint>(endpoint: E, args: CallArgs<E>): Promise<EndpointOutput<E>> {
  const config = endpointRequest(endpoint, args);
  return send({ ...config, params: config.params && queryOf(config.params) });
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
  await downloadFile(client, path, { method, params: queryOf(query), fallbackName });
}
