// The caller of a login or an account call as the login guard and the session records see it.
import type { FastifyRequest } from 'fastify';
import { readSid } from '../../plugins/browser-session.js';

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The browser session (uc_sid) that may hold a slider-captcha ticket. */
  sid: string | null;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    sid: readSid(request),
  };
}
