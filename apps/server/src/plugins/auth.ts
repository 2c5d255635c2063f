// Token -> user: routes with `config: { auth: true }` are signed-in only and get request.user and request.member, whose
// data the request reads (docs/architecture.md §5).
// A route that needs more says so once, `config: { access: 'main' | 'vip' | ... }`, and this plugin decides it: handlers
// and services never re-check who may call them.
import { isTrialLevel, isVipLevel, type ToolCode } from '@uc/shared';
import type { FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Signed-in only: the bearer token is checked right after the rate limits, before the body is read. */
    auth?: boolean;
    /**
     * What a signed-in caller must be beyond signed in (implies `auth`): `main` a main account (a sub-account
     * gets 403 with MSG.subAccountOnlyMain), `packages` a main account for the plan and its orders (docs/requirements.md §6;
     * MSG.subAccountNoPackages), `vip` a VIP level read from the database, never the token's claim, `push` above the
     * trial levels (the push settings, docs/requirements.md §6; MSG.noPushPermission).
     * Checked after the request is validated, so a malformed request still answers 400 first.
     */
    access?: Access;
    /**
     * With `access: 'vip'`: a member below VIP holding unexpired usage credits of one of these tools may call it too
     * (the evaluation then takes one credit; docs/decisions.md "tools").
     */
    credits?: readonly ToolCode[];
  }
  interface FastifyRequest {
    /** Set on `auth` routes; null elsewhere. */
    user: SignedInUser | null;
    /** Set with `user`: the member whose data the request reads (a sub-account's main account); null elsewhere. */
    member: Member | null;
  }
}

/**
 * The signed-in user as the sessions answer it (`AuthUser`: the account and the session's jti). The auth module names
 * its type here by declaration merging (modules/auth/sessions.ts), as an app names its user for @fastify/jwt or
 * Passport, so this plugin, below the modules, imports none of them; it never reads the user itself.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the auth module (declaration merging), see above.
export interface SignedInUser {}

/** The signed-in caller as the modules holding member data see it; this plugin puts it on `request.member`. */
export interface Member {
  /** The main account's id: owner of customers, subscriptions, publicity and funding records. */
  ownerId: number;
  /** The caller's own account (a sub-account's, not its main account's). */
  accountId: number;
  isSub: boolean;
  /** The level that applies (the main account's plan for a sub-account, trial rights once it has expired). */
  level: number;
  /** The session (token jti) the request came with. */
  sessionId: string;
  /** The caller's own city (district codes fold into their city), default Shenzhen. */
  cityCode: string;
  companyName: string;
}

export type Access = 'main' | 'packages' | 'vip' | 'push';

/**
 * Whether a signed-in member may call a route that needs `access`; throws the route's 403 when not. The member's
 * `isSub` and `level` are its account's (modules/member/scope.ts `toMember`).
 */
export function checkAccess(member: Member, access: Access): void {
  if (access === 'main' && member.isSub) throw errors.subAccountOnlyMain();
  if (access === 'packages' && member.isSub) throw errors.subAccountNoPackages();
  if (access === 'vip' && !isVipLevel(member.level)) throw errors.vipOnly();
  if (access === 'push' && isTrialLevel(member.level)) throw errors.noPushPermission();
}

/** The bearer token of the request. Only the Authorization header counts: a cookie never authenticates. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The signed-in user of an `auth` route. */
export function currentUser(request: FastifyRequest): SignedInUser {
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

/** What the plugin needs of the auth and member modules; app.ts hands them in. */
export interface AuthOptions {
  /** The user of a bearer token (null: none sent); throws the 401 of a missing, expired or revoked session. */
  auth: { authenticate(token: string | null): Promise<SignedInUser> };
  /** The member whose data a signed-in user reads. */
  toMember: (user: SignedInUser) => Member;
  creditsLeft: CreditsLeft;
}

/** Must be registered after the rate-limit plugin, so that limits run before the token check. */
export const authPlugin = fp<AuthOptions>(
  async (app, { auth, toMember, creditsLeft }) => {
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
          const member = memberOf(request);
          if (access === 'vip' && tools.length > 0 && !isVipLevel(member.level)) {
            if ((await creditsLeft(member.ownerId, tools)) > 0) return;
          }
          checkAccess(member, access);
        };
        const pre = route.preHandler ?? [];
        route.preHandler = [check, ...(Array.isArray(pre) ? pre : [pre])];
      }
      if (route.schema) route.schema.security ??= [{ bearer: [] }];
    });
  },
  { name: 'auth', dependencies: ['rate-limit'] },
);
