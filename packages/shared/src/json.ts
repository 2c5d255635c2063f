// JSON read with a schema: stored or received text becomes a value of a known shape, or nothing.
import type { z } from 'zod';

/** `text` as JSON of `schema`'s shape; null when missing, malformed or of another shape. */
export function parseJson<T>(text: string | null | undefined, schema: z.ZodType<T>): T | null {
  if (!text) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
