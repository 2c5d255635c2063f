// A request Node's HTTP parser refuses only because its request line holds raw UTF-8 bytes, as curl sends a pasted URL
// with Chinese in it (`?keyword=高新`): read again with those bytes percent-encoded, so the app answers it as if the
// client had encoded them. Anything else about the request must be plain: the head and any body in the bytes that
// arrived, no chunked body, no folded header. Whether the bytes are UTF-8 is then the query check's to say.

/** The request line once its raw bytes are percent-encoded: method, target, version. */
const REQUEST_LINE = /^([A-Z]+) ([\x21-\x7e]+) HTTP\/1\.[01]$/;
/** A header field name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value: visible characters, spaces, tabs and obs-text (bytes 0x80-0xFF, read as latin1 as Node does). */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export interface RawRequest {
  method: string;
  /** The target with every byte above 0x7F percent-encoded. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Each byte above 0x7F as `%XX`; the others as they are. */
function percentEncodeHigh(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) {
    out += byte > 0x7f ? `%${byte.toString(16).toUpperCase()}` : String.fromCharCode(byte);
  }
  return out;
}

/**
 * The request at the start of `packet` when its request line holds bytes above 0x7F (and only there lies its fault):
 * the head complete and well formed, its body (Content-Length) complete in the packet; null otherwise.
 */
export function rawUtf8Request(packet: Buffer): RawRequest | null {
  const headEnd = packet.indexOf('\r\n\r\n');
  if (headEnd === -1) return null;
  const lineEnd = packet.indexOf('\r\n');
  const line = packet.subarray(0, lineEnd);
  if (!line.some((byte) => byte > 0x7f)) return null;
  const parsed = REQUEST_LINE.exec(percentEncodeHigh(line));
  if (!parsed?.[1] || !parsed[2]) return null;

  const headers: Record<string, string> = {};
  const fields =
    headEnd > lineEnd
      ? packet
          .subarray(lineEnd + 2, headEnd)
          .toString('latin1')
          .split('\r\n')
      : [];
  for (const field of fields) {
    const colon = field.indexOf(':');
    const name = field.slice(0, colon).toLowerCase();
    const value = field.slice(colon + 1).trim();
    if (colon <= 0 || !TOKEN.test(name) || !FIELD_VALUE.test(value)) return null;
    if (name === 'transfer-encoding' || (name === 'content-length' && name in headers)) return null;
    // Repeated fields join as Node joins them (cookies with '; ').
    headers[name] = name in headers ? `${headers[name]}${name === 'cookie' ? '; ' : ', '}${value}` : value;
  }

  const declared = headers['content-length'];
  if (declared !== undefined && !/^\d{1,9}$/.test(declared)) return null;
  const length = Number(declared ?? 0);
  const body = packet.subarray(headEnd + 4, headEnd + 4 + length);
  if (body.length !== length) return null;
  return { method: parsed[1], url: parsed[2], headers, body };
}
