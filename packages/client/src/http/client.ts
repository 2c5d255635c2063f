// The one HTTP client core of both apps (axios): the envelope, failures turned into ApiError, timeouts, file
// downloads. Each app creates its client with its own failure policy (the member app: dialogs, error pages and
// toasts; the console: 登录 on 401, a message on 403).
import type { Envelope } from '@uc/shared';
import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosProgressEvent,
  type AxiosResponse,
  type CreateAxiosDefaults,
  type InternalAxiosRequestConfig,
  type Method,
} from 'axios';
import type { ApiError, ApiErrorHandling } from '../api-error.js';
import { ApiError as ApiErrorClass } from '../api-error.js';
import { fileNameOf, saveFile } from '../export/save-file.js';
import { isEnvelope } from './envelope.js';
import { classifyError, type FailureInput } from './failure.js';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller handles every failure itself (no dialog, navigation or toast). */
    silent?: boolean;
    /** Body codes the caller handles itself. */
    handleCodes?: readonly number[];
  }
}

/** Where a failure happened: the request, the HTTP status when the server answered, the envelope's data. */
export interface FailureContext {
  config: InternalAxiosRequestConfig | undefined;
  status?: number;
  data?: unknown;
}

export interface HttpClientOptions extends CreateAxiosDefaults {
  /** Changes each request before it goes (the member app's bearer token and timeout). */
  prepare?: (config: InternalAxiosRequestConfig) => InternalAxiosRequestConfig;
  /** Whether a 2xx envelope is a failure all the same (its body code); none by default. */
  refuses?: (envelope: Envelope<unknown>) => boolean;
  /** The app's failure policy: acts on the failure (a dialog, a page, a message) and returns the error to reject with. */
  fail: (input: FailureInput, context: FailureContext) => ApiError;
}

/** The error of a failure as the server or the network gave it, with what the app's policy did about it. */
export function errorOf(input: FailureInput, data: unknown, handledBy: ApiErrorHandling): ApiError {
  const message = 'message' in input && input.message ? input.message : '';
  return new ApiErrorClass({
    kind: input.kind,
    message: ('detail' in input && input.detail) || message,
    code: 'code' in input ? input.code : undefined,
    status: input.kind === 'http' ? input.status : undefined,
    data,
    handledBy,
  });
}

/** A download's error envelope arrives as a Blob: read as the JSON it is (else left as it is). */
/** A Blob, also one of another realm (fetch's in a test page whose Blob is the page's). */
function isBlob(value: unknown): value is Blob {
  return (
    value instanceof Blob ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as Blob).text === 'function' &&
      typeof (value as Blob).type === 'string')
  );
}

async function readBlobBody(response: AxiosResponse | undefined): Promise<void> {
  const data: unknown = response?.data;
  if (response && isBlob(data) && data.type.includes('json')) {
    // not JSON after all: classified by its status alone
    response.data = (await blobEnvelope(data)) ?? data;
  }
}

async function blobEnvelope(data: Blob): Promise<unknown> {
  if (!data.type.includes('json')) return undefined;
  try {
    return JSON.parse(await data.text());
  } catch {
    return undefined;
  }
}

/** An axios instance answering the product's envelope; every failure rejects with the ApiError the policy returns. */
export function createHttpClient({ prepare, refuses, fail, ...defaults }: HttpClientOptions): AxiosInstance {
  const client = axios.create({
    headers: { Accept: 'application/json' },
    // A timeout fails with ETIMEDOUT; ECONNABORTED then only means an aborted request (shows nothing).
    transitional: { clarifyTimeoutError: true },
    ...defaults,
  });

  async function onResponse(response: AxiosResponse): Promise<AxiosResponse> {
    // A file answered with an envelope instead (HTTP 200 with another code) is read to be judged like any answer.
    const body: unknown = isBlob(response.data) ? await blobEnvelope(response.data) : response.data;
    if (refuses && isEnvelope(body) && refuses(body)) {
      const input: FailureInput = { kind: 'business', code: body.code, message: body.message };
      return Promise.reject(
        fail(input, { config: response.config, status: response.status, data: body.data }),
      );
    }
    return response;
  }

  async function onError(error: AxiosError): Promise<never> {
    await readBlobBody(error.response);
    const body = error.response?.data;
    const context: FailureContext = {
      config: error.config,
      status: error.response?.status,
      data: isEnvelope(body) ? body.data : undefined,
    };
    return Promise.reject(fail(classifyError(error), context));
  }

  if (prepare) client.interceptors.request.use(prepare);
  client.interceptors.response.use(onResponse, onError);
  return client;
}

export interface DownloadOptions {
  method?: Method;
  params?: Record<string, unknown>;
  /** The name used when the server gives none. */
  fallbackName: string;
  /** Bytes received so far, as they arrive. */
  onProgress?: (loaded: number) => void;
  /** Default 0: no limit. */
  timeout?: number;
}

/**
 * Downloads `url` through the client (its session and failure policy) and hands it to the browser as a file under
 * the name the server gives in Content-Disposition; resolves with the saved name.
 */
export async function downloadFile(
  client: AxiosInstance,
  url: string,
  options: DownloadOptions,
): Promise<string> {
  const response = await client.request<Blob>({
    method: options.method ?? 'GET',
    url,
    params: options.params,
    responseType: 'blob',
    timeout: options.timeout ?? 0,
    onDownloadProgress: (event: AxiosProgressEvent) => options.onProgress?.(event.loaded),
  });
  return saveAnswer(response, options.fallbackName);
}

/** Saves a file answer under the name the server gives in Content-Disposition (else `fallbackName`); returns that name. */
export function saveAnswer(response: AxiosResponse<Blob>, fallbackName: string): string {
  const header = response.headers['content-disposition'];
  const name = fileNameOf(typeof header === 'string' ? header : null, fallbackName);
  saveFile(response.data, name);
  return name;
}

/** A request as the client takes it (axios's, with `silent` and `handleCodes`). */
export type { AxiosRequestConfig as RequestConfig } from 'axios';
