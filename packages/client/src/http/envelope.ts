// The product's envelope ({ code, message, data }; success is body code 200, 201 on register) as both apps read it.
import { CODE, type Envelope, MSG } from '@uc/shared';
import { ApiError } from '../api-error.js';

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
