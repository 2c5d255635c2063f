// The success envelope every route answers with, {code, message, data}: the routes build it here, below the plugins,
// and plugins/envelope.ts answers every failure in the same shape.
import { CODE, type Envelope, MSG } from '@uc/shared';
import { z } from 'zod';

export function ok<T>(data: T, message: string = MSG.ok): Envelope<T> {
  return { code: CODE.ok, message, data };
}

/** A route's 200 schema: its data on success, null data on a business failure (docs/architecture.md §4). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data: data.nullable() });
}
