// A call of an endpoint declared once in @uc/shared (endpoint.ts): its method, its path with the id filled in, its
// input as the query (GET, DELETE) or the body (POST, PUT); each app's `call` sends it and reads the envelope.
import { type Endpoint, type EndpointArgs, endpointPath, type PathId } from '@uc/shared';
import type { AxiosRequestConfig } from 'axios';

/** What a call passes: the endpoint's id and input, and the client's own options (`silent`, `timeout`, ...). */
export type CallArgs<E extends Endpoint> = EndpointArgs<E> &
  Omit<AxiosRequestConfig, 'method' | 'url' | 'params' | 'data'>;

/** The axios request of one call of `endpoint`. */
export function endpointRequest<E extends Endpoint>(endpoint: E, args: CallArgs<E>): AxiosRequestConfig {
  const { id, input, ...config } = args as CallArgs<Endpoint> & {
    id?: PathId | readonly PathId[];
    input?: unknown;
  };
  const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  return {
    ...config,
    method: endpoint.method,
    url: endpointPath(endpoint.path, id),
    ...(input === undefined ? {} : inQuery ? { params: input } : { data: input }),
  };
}
