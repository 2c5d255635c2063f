// A request line with raw UTF-8 in it (curl sends a pasted `?keyword=高新` as it is) is refused by Node's HTTP parser
// before Fastify sees it. Such a request, when it is whole in the bytes that arrived, is answered through the app with
// those bytes percent-encoded, as the client would have sent them, and the connection is closed after the answer:
// the app's query check then accepts UTF-8 and refuses any other byte sequence (内容包含非法字符).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { rawUtf8Request } from '../lib/raw-request.js';

/** Response fields the raw answer sets itself: it has its length and closes the connection. */
const HOP_FIELDS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** What Node keeps on a socket while an answer is being written to it. */
interface AnsweringSocket {
  _httpMessage?: unknown;
}

/**
 * Answers the refused request through the app when the parser's only fault was raw UTF-8 in the request line at the
 * start of `packet`; false (nothing done) otherwise. `offset`: where in the packet the parser stopped.
 */
export function replayRawUtf8(
  app: FastifyInstance,
  packet: unknown,
  offset: unknown,
  socket: Socket,
): boolean {
  if (!Buffer.isBuffer(packet) || typeof offset !== 'number') return false;
  // The fault must lie in the packet's first line, and no earlier answer may still be written on the connection.
  const lineEnd = packet.indexOf('\r\n');
  if (lineEnd === -1 || offset > lineEnd || (socket as Socket & AnsweringSocket)._httpMessage) return false;
  const request = rawUtf8Request(packet);
  if (!request) return false;
  const { 'content-length': _length, ...headers } = request.headers;
  void app
    .inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(request.body.length > 0 ? { payload: request.body } : {}),
      remoteAddress: socket.remoteAddress ?? '127.0.0.1',
    })
    .then((res) => {
      const lines = [`HTTP/1.1 ${res.statusCode} ${STATUS_CODES[res.statusCode] ?? ''}`];
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined || HOP_FIELDS.has(name)) continue;
        for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
      }
      const body = request.method === 'HEAD' ? Buffer.alloc(0) : res.rawPayload;
      lines.push(`content-length: ${body.length}`, 'connection: close', '', '');
      if (socket.writable) socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]));
      else socket.destroy();
    })
    .catch(() => socket.destroy());
  return true;
}
