// Token -> user: routes with `config: { auth: true }` are signed-in only and get request.user and request.member, whose
// data the request reads (ARCHITECTURE.md §5).
// A route that needs more says so once, `config: { access: 'main' | 'vip' | ... }`, and this plugin decides it: handlers
// and services never re-check who may call them.
import { isTrialLevel, isVipLevel, type ToolCode } from '@uc/shared';
import type { FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../errors.js';
import type { AuthService, AuthUser } from '../modules/auth/service.js';
import { type Member, toMember } from '../modules/member/scope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Signed-in only: the bearer token is checked right after the rate limits, before the body is read. */
    auth?: boolean;
    /**
     * What a signed-in caller must be beyond signed in (implies `auth`): `main` a main account (a sub-account
     * gets 403 with MSG.subAccountOnlyMain), `packages` a main account for the plan and its orders (SPEC.md §6;
     * MSG.subAccountNoPackages), `vip` a VIP level read from the database, never the token's claim, `push` above the
     * trial levels (the push settings, SPEC.md §6; MSG.noPushPermission).
     * Checked after the request is validated, so a malformed request still answers 400 first.
     */
    access?: Access;
    /**
     * With `access: 'vip'`: a member below VIP holding unexpired usage credits of one of these tools may call it too
     * (the evaluation then takes one credit; docs/decisions.md "Tools and usage credits").
     */
    credits?: readonly ToolCode[];
  }
  interface FastifyRequest {
    /** Set on `auth` routes; null elsewhere. */
    user: AuthUser | null;
    /** Set with `user`: the member whose data the request reads (a sub-account's main account); null elsewhere. */
    member: Member | null;
  }
}

export type Access = 'main' | 'packages' | 'vip' | 'push';

/** Whether a signed-in user may call a route that needs `access`; throws the route's 403 when not. */
export function checkAccess(user: AuthUser, access: Access): void {
  if (access === 'main' && user.account.isSub) throw errors.subAccountOnlyMain();
  if (access === 'packages' && user.account.isSub) throw errors.subAccountNoPackages();
  if (access === 'vip' && !isVipLevel(user.account.membership.level)) throw errors.vipOnly();
  if (access === 'push' && isTrialLevel(user.account.membership.level)) throw errors.noPushPermission();
}

/** The bearer token of the request. Only the Authorization header counts: a cookie never authenticates. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The signed-in user of an `auth` route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw errors.unauthorized();
  return request.user;
}

/** The member of an `auth` route. */
export function memberOf(request: FastifyRequest): Member {
  if (!request.member) throw errors.unauthorized();
  return request.member;
}

/** Unexpired credits of any of the tools the main account holds. */
export type CreditsLeft = (ownerId: number, tools: readonly ToolCode[]) => Promise<number>;

/** Must be registered after the rate-limit plugin, so that limits run before the token check. */
export const authPlugin = fp<{ auth: AuthService; creditsLeft: CreditsLeft }>(
  async (app, { auth, creditsLeft }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('member', null);
    const authenticate: onRequestHookHandler = async (request) => {
      request.user = await auth.authenticate(bearerToken(request));
      request.member = toMember(request.user);
    };
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!route.config?.auth && !access) return;
      const hooks = route.onRequest ?? [];
      route.onRequest = [...(Array.isArray(hooks) ? hooks : [hooks]), authenticate];
      if (access) {
        const tools = route.config?.credits ?? [];
        const check: preHandlerHookHandler = async (request) => {
          const user = currentUser(request);
          if (access === 'vip' && tools.length > 0 && !isVipLevel(user.account.membership.level)) {
            if ((await creditsLeft(memberOf(request).ownerId, tools)) > 0) return;
          }
          checkAccess(user, access);
        };
        const pre = route.preHandler ?? [];
        route.preHandler = [check, ...(Array.isArray(pre) ? pre : [pre])];
      }
      if (route.schema) route.schema.security ??= [{ bearer: [] }];
    });
  },
  { name: 'auth', dependencies: ['rate-limit'] },
);
