// The typed error every API helper throws, and the envelope helpers (success is body code 200, 201 on register).
import { CODE, type Envelope, MSG } from '@uc/shared';
import type { FailureAction } from './http-policy';

export type ApiErrorKind = 'business' | 'http' | 'timeout' | 'network' | 'canceled';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** Body code (business failures, or the body of an HTTP failure). */
  readonly code: number | undefined;
  /** HTTP status when the server answered. */
  readonly status: number | undefined;
  /** The envelope's data: some failures carry the text to show there (SPEC.md §8 "data text"). */
  readonly data: unknown;
  /** What the generic handler already did about it; screens skip their own message when not 'none'. */
  readonly handledBy: FailureAction['type'];

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    code?: number;
    status?: number;
    data?: unknown;
    handledBy?: FailureAction['type'];
  }) {
    super(init.message);
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.data = init.data;
    this.handledBy = init.handledBy ?? 'none';
  }
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    'data' in value
  );
}

/** Returns `data` when the body code is one of `okCodes`, throws a business ApiError otherwise. */
export function unwrap<T>(envelope: Envelope<T>, okCodes: readonly number[] = [CODE.ok]): T {
  if (okCodes.includes(envelope.code)) return envelope.data;
  throw new ApiError({
    kind: 'business',
    code: envelope.code,
    message: envelope.message || MSG.badRequest,
    data: envelope.data,
  });
}

/** The text a screen shows for a failure: server message, else its data text, else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    if (typeof error.data === 'string' && error.data) return error.data;
  }
  return fallback;
}
