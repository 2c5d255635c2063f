// The browser session (an httpOnly SameSite=Lax cookie `uc_sid`, set on the first puzzle): what captcha tickets and
// login guards bind to. A cookie concern of the HTTP layer, read by the captcha, auth, SMS and account routes.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isHttps } from './security.js';

const SID_COOKIE = 'uc_sid';
const SID_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
/** Long enough for a registration form to be filled in; the cookie is a session cookie otherwise. */
const SID_MAX_AGE_SECONDS = 86_400;

/** The request's session id, or null when it has none (or a malformed one). */
export function readSid(request: FastifyRequest): string | null {
  const sid = request.cookies[SID_COOKIE];
  return sid && SID_PATTERN.test(sid) ? sid : null;
}

/** The request's session id, creating and setting one when absent. */
export function ensureSid(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readSid(request);
  if (existing) return existing;
  const sid = randomBytes(24).toString('base64url');
  reply.setCookie(SID_COOKIE, sid, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    maxAge: SID_MAX_AGE_SECONDS,
  });
  return sid;
}
