// The one axios instance (docs/requirements.md §7) and its interceptors: bearer token, timeouts, the docs/requirements.md §8 catalogue.
import { ApiError } from '@uc/client';
import { CODE, LIMITS } from '@uc/shared';
import axios, {
  type AxiosError,
  type AxiosResponse,
  CanceledError,
  getAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { currentAppPath, navigateTo } from '../routing/navigator';
import { runtimeConfig } from '../runtime-config';
import { clearLocalSession } from '../session/auth-store';
import { getToken } from '../session/cookies';
import { LOGOUT_COUNTDOWN } from '../session/logout-countdown';
import { confirmDialog, toastError } from '../ui/feedback';
import { isEnvelope } from './api-error';
import { createFailureEffects, sessionDialogs } from './failure-effects';
import { classifyError, decideFailure, type FailureInput, timeoutFor } from './http-policy';
import { dropPageAnswers, pageAnswersOnly, takePageAnswer } from './page-answers';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller handles every failure itself (no dialog, navigation or toast). */
    silent?: boolean;
    /** Body codes the caller handles itself. */
    handleCodes?: readonly number[];
  }
}

export const http = axios.create({
  // docs/requirements.md §7 writes some paths without a leading slash ('auth/login/'): they are relative to the API root,
  // never to the current page.
  baseURL: runtimeConfig().apiBaseUrl || '/',
  withCredentials: true,
  timeout: LIMITS.requestTimeoutMs,
  headers: { Accept: 'application/json' },
  // A timeout fails with ETIMEDOUT; ECONNABORTED then only means an aborted request (shows nothing).
  transitional: { clarifyTimeoutError: true },
});

const effects = createFailureEffects(
  {
    confirm: ({ autoLogout, ...options }) =>
      confirmDialog({
        ...options,
        type: 'warning',
        ...(autoLogout ? { autoConfirm: LOGOUT_COUNTDOWN } : {}),
      }),
    toast: (message) => toastError(message),
    navigate: (to, options) => navigateTo(to, options),
    logout: async () => clearLocalSession(),
    currentPath: currentAppPath,
  },
  // Shared with the push channel's 下线通知: one session dialog at a time.
  sessionDialogs,
);

function onRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // A per-call timeout wins; otherwise the payload flag `excu` decides (docs/requirements.md §9).
  if (config.timeout === LIMITS.requestTimeoutMs) config.timeout = timeoutFor(config.data, config.params);
  return config;
}

function fail(
  input: FailureInput,
  config: InternalAxiosRequestConfig | undefined,
  extra: { data?: unknown },
) {
  const action = decideFailure(input, { silent: config?.silent, handleCodes: config?.handleCodes });
  void effects.apply(action);
  const message = 'message' in input && input.message ? input.message : '';
  return new ApiError({
    kind: input.kind,
    message: ('detail' in input && input.detail) || message,
    code: 'code' in input ? input.code : undefined,
    status: input.kind === 'http' ? input.status : undefined,
    data: extra.data,
    handledBy: action.type,
  });
}

function onResponse(response: AxiosResponse): AxiosResponse | Promise<never> {
  const body: unknown = response.data;
  if (isEnvelope(body) && body.code === CODE.loggedInElsewhere) {
    return Promise.reject(
      fail({ kind: 'business', code: body.code, message: body.message }, response.config, {
        data: body.data,
      }),
    );
  }
  return response;
}

async function onError(error: AxiosError): Promise<never> {
  // A download (responseType 'blob') receives its error envelope as a Blob: read it as the JSON it is.
  const data: unknown = error.response?.data;
  if (error.response && data instanceof Blob && data.type.includes('json')) {
    try {
      error.response.data = JSON.parse(await data.text());
    } catch {
      // not JSON after all: classified by its status alone
    }
  }
  const input = classifyError(error);
  const body = error.response?.data;
  return Promise.reject(fail(input, error.config, { data: isEnvelope(body) ? body.data : undefined }));
}

const network = getAdapter(axios.defaults.adapter);

// A GET the server already answered inside the page is not sent again (page-answers.ts); any other request is.
// While a first view is prepared, a GET without an answer is canceled instead (withPageAnswersOnly).
http.defaults.adapter = async (config) => {
  if ((config.method ?? 'get').toLowerCase() !== 'get') {
    dropPageAnswers();
    return network(config);
  }
  const body =
    config.responseType && config.responseType !== 'json'
      ? undefined
      : takePageAnswer(config.url ?? '', config.params);
  if (body !== undefined)
    return { data: body, status: 200, statusText: 'OK', headers: {}, config, request: {} };
  if (pageAnswersOnly()) throw new CanceledError(undefined, undefined, config);
  return network(config);
};

http.interceptors.request.use(onRequest);
http.interceptors.response.use(onResponse, onError);
