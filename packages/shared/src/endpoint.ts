// One call of the contract declared once: its method and its path from an `*_API` table, the types of what it sends
// (the query of a GET or DELETE, the body otherwise) and of the envelope's `data` it answers. Types only: nothing is
// parsed at run time, a declaration is its method and path.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<P extends string = string, In = unknown, Out = unknown> {
  readonly method: HttpMethod;
  /** As the `*_API` table writes it, a placeholder (`{id}`, `:out_trade_no`) filled by the call's `id`. */
  readonly path: P;
  /** Never set: carries the input and answer types to the call. */
  readonly types?: { input: In; output: Out };
}

/**
 * Declares a call answering `Out` and sending `In` (none by default):
 * `endpoint<StaffSession, StaffLoginBody>()('POST', STAFF_API.login)`.
 */
export function endpoint<Out, In = undefined>() {
  return <const P extends string>(method: HttpMethod, path: P): Endpoint<P, In, Out> => ({ method, path });
}

export type EndpointInput<E> = E extends Endpoint<string, infer In, unknown> ? In : never;
export type EndpointOutput<E> = E extends Endpoint<string, unknown, infer Out> ? Out : never;

/** The placeholders of a path: none, one (`{id}`, `:out_trade_no`) or two (`{id}` and `{red_id}`). */
type Placeholders<P extends string> = P extends `${string}{${string}}${infer Rest}`
  ? Rest extends `${string}{${string}}${string}`
    ? 2
    : 1
  : P extends `${string}/:${string}`
    ? 1
    : 0;

export type PathId = number | string;

/** What a call of the endpoint passes: its `id` (ids in order) for a placeholder, its `input` when it sends one. */
export type EndpointArgs<E> =
  E extends Endpoint<infer P, infer In, unknown>
    ? (Placeholders<P> extends 2
        ? { id: readonly [PathId, PathId] }
        : Placeholders<P> extends 1
          ? { id: PathId }
          : { id?: undefined }) &
        (undefined extends In ? { input?: In } : { input: In })
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
