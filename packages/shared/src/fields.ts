// Building blocks of every request schema: ids the database can hold, text without control characters, bounded strings.
import { z } from 'zod';
import { MSG, MSG_WITH } from './messages.js';

/** The largest `integer` of PostgreSQL: every key and id column of the schema is one (none is bigint). */
export const DB_INT_MAX = 2_147_483_647;

/** Longest free text a single-line field accepts when its own rule says nothing shorter. */
export const TEXT_MAX = 200;

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const DEL = 0x7f;
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * True when `text` holds a character no field accepts: a C0 control (NUL breaks PostgreSQL's text, the others break
 * logs and renderers; a multi-line field still takes tab, LF and CR), DEL, or a UTF-16 half without its partner (not
 * encodable as UTF-8).
 */
export function hasIllegalChars(text: string, { multiline = false } = {}): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x20) {
      if (multiline && (c === TAB || c === LF || c === CR)) continue;
      return true;
    }
    if (c === DEL || isLow(c)) return true;
    if (isHigh(c)) {
      if (!isLow(text.charCodeAt(i + 1))) return true;
      i += 1;
    }
  }
  return false;
}

/** Refuses what `hasIllegalChars` finds, with MSG.textInvalid: refused, never silently stripped. */
export const cleanText = <T extends z.ZodString>(schema: T, options: { multiline?: boolean } = {}): T =>
  schema.refine((v) => !hasIllegalChars(v, options), MSG.textInvalid);

interface TextOptions {
  /** The message of a missing or non-string value (default MSG.badRequest). */
  error?: string;
  /** The message of a value over `max` (default MSG_WITH.textTooLong(max)). */
  tooLong?: string;
  multiline?: boolean;
}

/**
 * A string of at most `max` characters (code points, as a person counts them) with no illegal character. Length is
 * checked first so a huge value costs one comparison.
 */
export function textField(max: number, { error = MSG.badRequest, tooLong, multiline }: TextOptions = {}) {
  const tooLongMessage = tooLong ?? MSG_WITH.textTooLong(max);
  return cleanText(
    z
      .string({ error })
      // UTF-16 units >= code points: a string short in units needs no counting.
      .refine((v) => v.length <= max || [...v].length <= max, { message: tooLongMessage, abort: true }),
    { multiline },
  );
}

/** True for an integer id a table can hold: 1..DB_INT_MAX. */
export const isDbId = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= DB_INT_MAX;

/** An integer in [min, max] from a query string or JSON; every failure answers `message`. */
export const integerIn = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, message).max(max, message);

/** An id of an `integer` key column: 1..2,147,483,647 (a larger one would make PostgreSQL fail, not miss). */
export const idField = (message: string = MSG.idInvalid) => integerIn(1, DB_INT_MAX, message);

/**
 * 1 to `max` ids of a batch, repeated ones once: `invalid` answers an id that is not one (idField), `required` a
 * missing or empty list, `tooMany` a longer one.
 */
export const idList = (max: number, invalid: string, required: string, tooMany: string) =>
  z
    .array(idField(invalid), { error: required })
    .min(1, required)
    .max(max, tooMany)
    .transform((ids) => [...new Set(ids)]);
