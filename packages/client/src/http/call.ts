// A call of an endpoint declared once in @uc/shared (endpoint.ts): its method, its path with the id filled in, its
// input as the query (GET, DELETE) or the body (POST, PUT: JSON, or a form or multipart as the declaration says); each
// app's `call` sends it and reads the answer (the envelope's data, the envelope, or a file) with endpointAnswer.
import {
  type Endpoint,
  type EndpointAnswer,
  type EndpointArgs,
  type EndpointOptions,
  endpointPath,
  type PathId,
} from '@uc/shared';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { saveAnswer } from './client.js';
import { unwrap } from './envelope.js';

/** What a call passes: the endpoint's id and input, and the client's own options (`silent`, `timeout`, ...). */
export type CallArgs<E extends Endpoint> = EndpointArgs<E> &
  Omit<AxiosRequestConfig, 'method' | 'url' | 'params' | 'data'>;

/** A field's text: a list comma-joined, anything else as text. */
function fieldText(value: unknown): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** The fields of a form or multipart input; an undefined one is left out. */
function fieldsOf(input: object): [string, unknown][] {
  return Object.entries(input).filter(([, value]) => value !== undefined);
}

/** The body of a call: the input as it is (JSON, or a body the caller built), else its fields as the form it declares. */
function bodyOf(kind: EndpointOptions['body'], input: unknown): unknown {
  if (kind === undefined || typeof input !== 'object' || input === null) return input;
  if (input instanceof URLSearchParams || (typeof FormData !== 'undefined' && input instanceof FormData))
    return input;
  if (kind === 'form')
    return new URLSearchParams(fieldsOf(input).map(([name, value]) => [name, fieldText(value)]));
  const form = new FormData();
  for (const [name, value] of fieldsOf(input))
    form.append(name, value instanceof Blob ? value : fieldText(value));
  return form;
}

/** The axios request of one call of `endpoint`. */
export function endpointRequest<E extends Endpoint>(endpoint: E, args: CallArgs<E>): AxiosRequestConfig {
  const {
    id,
    input,
    fallbackName: _name,
    ...config
  } = args as CallArgs<Endpoint> & {
    id?: PathId | readonly PathId[];
    input?: unknown;
    fallbackName?: string;
  };
  const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  return {
    ...(endpoint.answer === 'file' ? { responseType: 'blob' } : {}),
    ...config,
    // The browser writes the multipart boundary itself.
    ...(endpoint.body === 'multipart' ? { headers: { ...config.headers, 'Content-Type': undefined } } : {}),
    method: endpoint.method,
    url: endpointPath(endpoint.path, id),
    ...(input === undefined ? {} : inQuery ? { params: input } : { data: bodyOf(endpoint.body, input) }),
  };
}

/** What a call of `endpoint` resolves with, from its request's response: the envelope's data, the envelope, or the saved file's name. */
export function endpointAnswer<E extends Endpoint>(
  endpoint: E,
  response: AxiosResponse,
  args: CallArgs<E>,
): EndpointAnswer<E> {
  if (endpoint.answer === 'file')
    return saveAnswer(response, (args as { fallbackName: string }).fallbackName) as EndpointAnswer<E>;
  if (endpoint.answer === 'envelope') return response.data as EndpointAnswer<E>;
  return unwrap(response.data) as EndpointAnswer<E>;
}
