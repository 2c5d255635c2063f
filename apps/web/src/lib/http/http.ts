// The one axios instance (docs/requirements.md §7) and its interceptors: bearer token, timeouts, the docs/requirements.md §8 catalogue.

import {
  type CallArgs,
  createHttpClient,
  endpointAnswer,
  endpointRequest,
  errorOf,
  type FailureContext,
  type FailureInput,
} from '@uc/client';
import { CODE, type Endpoint, type EndpointAnswer, LIMITS } from '@uc/shared';
import axios, { CanceledError, getAdapter, type InternalAxiosRequestConfig } from 'axios';
import { currentAppPath, navigateTo } from '../routing/navigator';
import { runtimeConfig } from '../runtime-config';
import { clearLocalSession } from '../session/auth-store';
import { getToken } from '../session/cookies';
import { LOGOUT_COUNTDOWN } from '../session/logout-countdown';
import { confirmDialog, toastError } from '../ui/feedback';
import { createFailureEffects, sessionDialogs } from './failure-effects';
import { decideFailure, timeoutFor } from './http-policy';
import { dropPageAnswers, pageAnswersOnly, takePageAnswer } from './page-answers';

export const http = createHttpClient({
  // docs/requirements.md §7 writes some paths without a leading slash ('auth/login/'): they are relative to the API root,
  // never to the current page.
  baseURL: runtimeConfig().apiBaseUrl || '/',
  withCredentials: true,
  timeout: LIMITS.requestTimeoutMs,
  prepare: onRequest,
  // 30001 (logged in elsewhere) ends the session whatever the HTTP status.
  refuses: (envelope) => envelope.code === CODE.loggedInElsewhere,
  fail,
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

function fail(input: FailureInput, { config, data }: FailureContext) {
  const action = decideFailure(input, { silent: config?.silent, handleCodes: config?.handleCodes });
  void effects.apply(action);
  return errorOf(input, data, action.type);
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

/** An export of tens of thousands of rows takes longer than an ordinary call. */
export const FILE_TIMEOUT_MS = 120_000;

/**
 * One call of an endpoint of the contract (@uc/shared endpoint.ts): resolves with the envelope's `data` (or, as the
 * endpoint declares, the envelope or the saved file's name).
 */
export async function call<E extends Endpoint>(endpoint: E, args: CallArgs<E>): Promise<EndpointAnswer<E>> {
  const request = endpointRequest(endpoint, args);
  if (endpoint.answer === 'file') request.timeout ??= FILE_TIMEOUT_MS;
  return endpointAnswer(endpoint, await http.request(request), args);
}
