// The response envelope and the one error handler: every answer is {code, message, data}, every failure in Chinese.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { CODE, type Envelope, MSG } from '@uc/shared';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errors } from '../errors.js';

export function ok<T>(data: T, message: string = MSG.ok): Envelope<T> {
  return { code: CODE.ok, message, data };
}

/** A route's 200 schema: its data on success, null data on a business failure (ARCHITECTURE.md §4). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data: data.nullable() });
}

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

/** A raw HTTP/1.1 answer carrying the envelope, for a socket Fastify never turned into a request. */
function rawResponse(error: AppError): string {
  const body = JSON.stringify(bodyOf(error));
  return [
    `HTTP/1.1 ${error.statusCode} ${STATUS_CODES[error.statusCode] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route exists (a bad request line,
 * broken chunking, headers over the limit, a request too slow to arrive) still answers the Chinese envelope.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? errors.headersTooLarge()
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? errors.requestTimeout()
        : errors.badRequest();
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) socket.end(rawResponse(appError));
  else socket.destroy();
}

export const envelopePlugin = fp(
  async (app) => {
    // Zod's fallback messages in Chinese; the shared schemas set SPEC.md's own messages explicitly.
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
  },
  { name: 'envelope' },
);
