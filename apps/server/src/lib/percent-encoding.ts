// Query strings and form bodies whose percent-escapes are not UTF-8: refused, since decoders keep them as literal text.
import querystring from 'node:querystring';

/** A `%` that does not start an escape: kept literally, as WHATWG URL parsing does. */
const LONE_PERCENT = /%(?![0-9A-Fa-f]{2})/g;

/**
 * Whether every `%XX` escape of a query string or form body decodes as UTF-8. Overlong forms, surrogates (`%ED%A0%80`),
 * bytes no UTF-8 has (`%FF`) and cut sequences fail; a whole-string check equals a per-field one, since a sequence
 * cannot span a literal `&` or `=`.
 */
export function isUtf8Escaped(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text.replace(LONE_PERCENT, '%25'));
    return true;
  } catch {
    return false;
  }
}

/** A form body's fields (repeated names give arrays, `+` is a space), once `isUtf8Escaped` holds. */
export function parseFormFields(text: string): querystring.ParsedUrlQuery {
  // maxKeys 0: no cap, as the query parser; the schemas drop unknown fields.
  return querystring.parse(text, '&', '=', { maxKeys: 0 });
}
