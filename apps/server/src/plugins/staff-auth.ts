// The operator console's sign-in check: routes with `config: { staff: true }` need a live staff session (the
// STAFF_COOKIE's token), `config: { staff: '<permission>' }` also that permission of the staff member's role
// (permissionsOf: data, not code). It puts the staff member on the request (`request.staff`). A member's bearer token
// is not a staff session: it is never read here (401).
// Changing calls (not GET/HEAD) also pass a CSRF check: an Origin header, when sent, names this host, and a body is
// JSON or multipart; the cookie's SameSite=Strict does the rest.
import { STAFF_COOKIE, type StaffAction, type StaffPermission, type StaffRole } from '@uc/shared';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A console route: `true` any signed-in staff member, a permission the role must hold (else 403). */
    staff?: true | StaffPermission;
  }
  interface FastifyRequest {
    /** Set on `staff` routes; null elsewhere. */
    staff: StaffPrincipal | null;
  }
}

/** The signed-in staff member a console route acts as (request.staff); the staff module's sessions answer it. */
export interface StaffPrincipal {
  id: number;
  username: string;
  role: StaffRole;
  /** The role's permissions (permissionsOf: data, not code). */
  permissions: readonly StaffPermission[];
  sessionId: number;
  /** When the session ends without a further call. */
  idleUntil: Date;
}

/** Who acted and from where: a console route's `auditActor(request)`; the command line is staff 0 `cli`. */
export interface AuditActor {
  staff: { id: number; username: string };
  ip: string;
}

/**
 * An export's rows as the file takes them, counted; once the last is written (or the writing stops), one audit row
 * names the export, its filter and the rows written (`complete: false` when the file was not finished). The row is
 * written before the file's end is sent: a failure to write it fails the download. The staff module's audit log
 * writes it (modules/staff/audit.ts `exportAuditor`).
 */
export type AuditedExport = <T>(
  actor: AuditActor,
  action: StaffAction,
  filter: object,
  rows: AsyncIterable<T>,
) => AsyncIterable<T>;

/** What the plugin needs of the staff module (its service satisfies it); app.ts hands it in. */
export interface StaffSessions {
  /** The staff member of a session token (null: no cookie); throws when there is no live session. */
  authenticate(token: string | null): Promise<StaffPrincipal>;
  auditedExport: AuditedExport;
}

/** The signed-in staff member of a `staff` route. */
export function currentStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw errors.staffSessionExpired();
  return request.staff;
}

/** Who acts in a `staff` route, for the audit row it writes. */
export function auditActor(request: FastifyRequest): AuditActor {
  const staff = currentStaff(request);
  return { staff: { id: staff.id, username: staff.username }, ip: request.ip };
}

/** Whether the caller sees members' mobile numbers, emails and contact names in clear (else masked). */
export function seesPii(request: FastifyRequest): boolean {
  return currentStaff(request).permissions.includes('members.pii');
}

/**
 * The rows of a console export, audited: one row of the staff audit log with the action, the filter (the request's
 * query) and the number of rows written, once the file is written.
 */
export function auditedRows<T>(
  request: FastifyRequest,
  action: StaffAction,
  rows: AsyncIterable<T>,
): AsyncIterable<T> {
  return request.server.auditedExport(auditActor(request), action, (request.query ?? {}) as object, rows);
}

/** Content types a changing console call may send (a cross-site form can send none of them). */
const BODY_TYPES = /^\s*(application\/json|multipart\/form-data)\s*(;|$)/i;

/** The host of a URL as browsers write an Origin (a scheme's default port left out); null when malformed. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** Refuses a changing call from another origin, or with a body a plain HTML form could have sent. */
export function checkCsrf(request: FastifyRequest): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const from = hostOf(origin);
    if (from === null || from !== hostOf(`${request.protocol}://${request.host}`)) throw errors.forbidden();
  }
  const type = request.headers['content-type'];
  if (type !== undefined && !BODY_TYPES.test(type)) throw errors.unsupportedMediaType();
}

/** A console route as registered: what the permission matrix test and the docs walk over. */
export interface StaffRoute {
  method: string;
  url: string;
  /** The permission it needs; true: any signed-in staff member. */
  need: true | StaffPermission;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `staff` route, in registration order. */
    staffRoutes: StaffRoute[];
    /** The audited rows of a console export (auditedRows). */
    auditedExport: AuditedExport;
  }
}

/** Must be registered after the rate-limit plugin and @fastify/cookie. */
export const staffAuthPlugin = fp<{ staff: StaffSessions }>(
  async (app, { staff }) => {
    app.decorateRequest('staff', null);
    const routes: StaffRoute[] = [];
    app.decorate('staffRoutes', routes);
    app.decorate('auditedExport', staff.auditedExport);
    app.addHook('onRoute', (route) => {
      const need = route.config?.staff;
      if (!need) return;
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routes.push({ method, url: route.url, need });
      // Session and permission are both decided before the body is parsed or validated: a role without the
      // permission learns nothing from a route's validation messages (403 whatever it sends).
      const authenticate: onRequestHookHandler = async (request) => {
        checkCsrf(request);
        request.staff = await staff.authenticate(request.cookies[STAFF_COOKIE] ?? null);
        if (need !== true && !request.staff.permissions.includes(need)) throw errors.staffForbidden();
      };
      const hooks = route.onRequest ?? [];
      route.onRequest = [...(Array.isArray(hooks) ? hooks : [hooks]), authenticate];
    });
  },
  { name: 'staff-auth', dependencies: ['rate-limit'] },
);
