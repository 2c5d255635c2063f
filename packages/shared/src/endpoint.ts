// One call of the contract declared once: its method and its path from an `*_API` table, the types of what it sends
// (the query of a GET or DELETE, the body otherwise) and of the envelope's `data` it answers, and, for a call that is
// not JSON both ways, how its body goes and what it answers (its options). Types only: nothing is parsed at run time,
// a declaration is its method, its path and its options.
import type { Envelope } from './envelope.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call that is not JSON both ways. */
export interface EndpointOptions {
  /**
   * The body, when not JSON: `form` (x-www-form-urlencoded) or `multipart`, its fields from the input's (a list
   * comma-joined, a Blob a file part, an undefined field left out).
   */
  readonly body?: 'form' | 'multipart';
  /**
   * What the call resolves with, when not the envelope's `data`: `envelope`, the envelope whatever its code (the
   * caller reads the code); `file`, a file saved under the name the server gives (the call resolves with that name).
   */
  readonly answer?: 'envelope' | 'file';
}

export interface Endpoint<P extends string = string, In = unknown, Out = unknown> extends EndpointOptions {
  readonly method: HttpMethod;
  /** As the `*_API` table writes it, a placeholder (`{id}`, `:out_trade_no`) filled by the call's `id`. */
  readonly path: P;
  /** Never set: carries the input and answer types to the call. */
  readonly types?: { input: In; output: Out };
}

/**
 * Declares a call answering `Out` (a file: `Blob`) and sending `In` (none by default), with its options when it is
 * not JSON both ways: `endpoint<StaffSession, StaffLoginBody>()('POST', STAFF_API.login)`,
 * `endpoint<LoginData, LoginBody>()('POST', AUTH_API.login, { body: 'form', answer: 'envelope' })`.
 */
export function endpoint<Out, In = undefined>() {
  return <const P extends string, const O extends EndpointOptions = EndpointOptions>(
    method: HttpMethod,
    path: P,
    options?: O,
  ): Endpoint<P, In, Out> & O => ({ method, path, ...options }) as Endpoint<P, In, Out> & O;
}

export type EndpointInput<E> = E extends Endpoint<string, infer In, unknown> ? In : never;
export type EndpointOutput<E> = E extends Endpoint<string, unknown, infer Out> ? Out : never;

/** What a call of the endpoint resolves with: the envelope's `data`, the envelope, or the saved file's name. */
export type EndpointAnswer<E> = E extends { answer: 'envelope' }
  ? Envelope<EndpointOutput<E>>
  : E extends { answer: 'file' }
    ? string
    : EndpointOutput<E>;

/** The placeholders of a path: none, one (`{id}`, `:out_trade_no`) or two (`{id}` and `{red_id}`). */
type Placeholders<P extends string> = P extends `${string}{${string}}${infer Rest}`
  ? Rest extends `${string}{${string}}${string}`
    ? 2
    : 1
  : P extends `${string}/:${string}`
    ? 1
    : 0;

export type PathId = number | string;

/**
 * What a call of the endpoint passes: its `id` (ids in order) for a placeholder, its `input` when it sends one, and
 * for a file the name to save it under when the server gives none.
 */
export type EndpointArgs<E> =
  E extends Endpoint<infer P, infer In, unknown>
    ? (Placeholders<P> extends 2
        ? { id: readonly [PathId, PathId] }
        : Placeholders<P> extends 1
          ? { id: PathId }
          : { id?: undefined }) &
        (undefined extends In ? { input?: In } : { input: In }) &
        (E extends { answer: 'file' } ? { fallbackName: string } : { fallbackName?: undefined })
    : never;

/** The path with its placeholders filled in order (encoded): '/api/admin/orders/:out_trade_no/refund/', 'T1' -> '/api/admin/orders/T1/refund/'. */
export function endpointPath(path: string, id: PathId | readonly PathId[] | undefined): string {
  const ids = id === undefined ? [] : typeof id === 'object' ? id : [id];
  return ids.reduce<string>((out, one) => out.replace(/\{\w+\}|:\w+/, encodeURIComponent(String(one))), path);
}

/** A multipart body (the browser's FormData): an upload with its fields. */
export interface MultipartBody {
  append(name: string, value: string): void;
}
