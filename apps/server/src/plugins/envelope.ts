// The response envelope and the one error handler: every answer is {code, message, data}, every failure in Chinese.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type Envelope, MSG } from '@uc/shared';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errors } from '../errors.js';
import { replayRawUtf8 } from './raw-utf8.js';

/** Business outcomes (HTTP 200) carry code and message; transport failures add `detail`. */
export function bodyOf(error: AppError): Envelope<unknown> {
  const body: Envelope<unknown> = { code: error.bodyCode, message: error.message, data: error.data };
  return error.statusCode === 200 ? body : { ...body, detail: error.detail };
}

export function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // An issue on the whole body (none sent, or not an object) has no field message worth showing.
    return errors.badRequest(first && first.instancePath !== '/' ? first.message : MSG.badRequest);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.unsupportedMediaType();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return errors.malformedBody();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.payloadTooLarge();
  }
  const status = error.statusCode ?? 500;
  if (status === 401) return errors.unauthorized();
  if (status === 403) return errors.forbidden();
  if (status === 404) return errors.notFound();
  if (status === 429) return errors.tooManyRequests();
  if (status >= 400 && status < 500) return errors.badRequest();
  return errors.internal();
}

/**
 * Logs a failed request by what it means: a fault (5xx other than the protective 503) at error level with its stack;
 * a refusal by the rate limit at info, one short line (a flood would otherwise fill the log with stacks); a request
 * the framework rejected (validation, parsing) at info; a named business or transport outcome not at all.
 */
export function logFailure(request: FastifyRequest, error: FastifyError, appError: AppError): void {
  if (appError.statusCode === 503)
    request.log.info({ statusCode: 503 }, 'request refused: too many requests');
  else if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else if (!(error instanceof AppError)) request.log.info({ err: error }, 'request rejected');
}

/**
 * A raw HTTP/1.1 answer carrying the envelope (or, `withBody` false, only its status), for a socket Fastify never
 * turned into a request.
 */
function rawResponse(error: AppError, withBody: boolean): string {
  const status = `HTTP/1.1 ${error.statusCode} ${STATUS_CODES[error.statusCode] ?? ''}`;
  if (!withBody) return [status, 'Content-Length: 0', 'Connection: close', '', ''].join('\r\n');
  const body = JSON.stringify(bodyOf(error));
  return [
    status,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** What Node's HTTP server keeps on a socket: its parser and, once the headers are in, the request. */
interface ParsedSocket {
  parser?: { incoming?: { method?: string; complete?: boolean } | null } | null;
}

/** The start of a request line: the method, then a space. */
const REQUEST_LINE = /^([A-Z]+) /;

/**
 * The refused request's method: the parsed request's when its headers were complete, else the refused bytes' when
 * they start the request line; null when unknown (the bytes came from the middle of a request, or none came).
 */
function refusedMethod(err: Error & { rawPacket?: unknown }, socket: Socket): string | null {
  // A complete one is the previous request of a kept-alive connection, not the refused one.
  const incoming = (socket as Socket & ParsedSocket).parser?.incoming;
  if (incoming?.method && !incoming.complete) return incoming.method;
  if (!Buffer.isBuffer(err.rawPacket)) return null;
  return REQUEST_LINE.exec(err.rawPacket.subarray(0, 16).toString('latin1'))?.[1] ?? null;
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route exists (a bad request line,
 * broken chunking, headers over the limit, a request too slow to arrive) still answers the Chinese envelope.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string; rawPacket?: unknown; bytesParsed?: unknown },
  socket: Socket,
): void {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // Raw UTF-8 in the request line (a URL pasted into curl): answered as if it had been percent-encoded.
  if (err.code === 'HPE_INVALID_URL' && replayRawUtf8(this, err.rawPacket, err.bytesParsed, socket)) return;
  const appError =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? errors.headersTooLarge()
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? errors.requestTimeout()
        : errors.badRequest();
  this.log.debug({ code: err.code }, 'client error');
  // An answer to HEAD has no body. When the method is unknown none is sent either: the request may have been a HEAD.
  const method = refusedMethod(err, socket);
  if (socket.writable) socket.end(rawResponse(appError, method !== null && method !== 'HEAD'));
  else socket.destroy();
}

export const envelopePlugin = fp(
  async (app) => {
    // Zod's fallback messages in Chinese; the shared schemas set docs/requirements.md's own messages explicitly.
    z.config(z.locales.zhCN());
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    // Clients send `Content-Type: application/json` on every call, bodiless POSTs (logout) included.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (text.trim() === '') done(null, {});
      else parseJson(request, text, done);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const appError = toAppError(error);
      logFailure(request, error, appError);
      return reply.code(appError.statusCode).send(bodyOf(appError));
    });

    app.setNotFoundHandler((_request, reply) => reply.code(404).send(bodyOf(errors.notFound())));

    // An answer given before the body arrived (a 401 on an upload) ends the connection: the rest of the body is not
    // waited for, and the request timeout cannot later write a second answer (408) behind it. Injected requests
    // (tests) have no `complete` flag.
    app.addHook('onSend', async (request, reply) => {
      if (request.raw.complete === false) reply.header('connection', 'close');
    });
  },
  { name: 'envelope' },
);
