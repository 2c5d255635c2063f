// Sessions and their tokens: one live session per account, the cached check behind every authenticated call, and
// every way a session ends (logout, login elsewhere, renewal, the account module's causes), told to every instance.
import { randomUUID } from 'node:crypto';
import {
  type InboxDelivery,
  type LoginData,
  MSG,
  MSG_WITH,
  REVOKE_REASON,
  type RevokeReason,
  shanghaiMinute,
  TOKEN_TTL_SECONDS,
  type TokenPayload,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { createCache } from '../../lib/cache.js';
import type { Tokens } from '../../lib/token.js';
import type { PushHub } from '../push/hub.js';
import { admission, REFUSAL_MESSAGE } from '../users/admission.js';
import type { Account, UsersService } from '../users/service.js';
import type { ClientInfo } from './client.js';
import {
  findSession,
  listLiveSessions,
  replaceSession,
  revokeSession,
  revokeTeamSessions,
  revokeUserSession,
  revokeUserSessions,
  revokeUserSessionsExcept,
  startSession,
} from './repo.js';
import { endedSessionError, SESSION_END, SESSION_END_PUSH, type SessionEnd } from './session-end.js';

/** Short enough that another instance's revocation or a plan change is felt within seconds. */
const SESSION_CACHE_MS = 3_000;
/** Checked sessions kept at most. */
const SESSION_CACHE_MAX = 10_000;

export interface AuthUser {
  jti: string;
  account: Account;
}

// The auth plugin puts the user the sessions answer on request.user; it sits below the modules, so this module names
// the type there (declaration merging) instead of the plugin importing it.
declare module '../../plugins/auth.js' {
  interface SignedInUser extends AuthUser {}
}

export interface SessionsDeps {
  db: Db;
  tokens: Tokens;
  now: () => Date;
  users: UsersService;
  /**
   * The fan-out of revocations to every instance: tells open websockets that their session ended, and tells this
   * instance when any instance ended sessions, so their cached checks go at once.
   */
  push: Pick<PushHub, 'sessionsRevoked' | 'onRevoked'>;
  /** 消息中心 (the messages module satisfies it): a login elsewhere and a password change are kept there. */
  inbox: SecurityInbox;
}

/** What the sessions need of 消息中心: security messages for one account. */
export interface SecurityInbox {
  deliver(delivery: InboxDelivery): Promise<void>;
}

/** The token payload of docs/requirements.md §3; `level` is the effective one (a sub-account's is its parent's). */
function tokenPayload(account: Account, jti: string, exp: number): TokenPayload {
  return {
    user_id: account.id,
    username: account.username,
    email: account.email,
    is_service: account.isService,
    level: account.membership.level,
    exp,
    group_id: account.groupId,
    area: account.area,
    jti,
  };
}

export function createSessions({ db, tokens, now, users, push, inbox }: SessionsDeps) {
  /**
   * Checked sessions for a few seconds, so authenticated reads skip two queries, and concurrent reads of one session
   * check it once. Revocations drop entries (and checks in flight) at once; a session past its own expiry is not served.
   */
  const cache = createCache<
    string,
    { user: AuthUser; userId: number; expiresMs: number },
    { userId: number }
  >({
    now,
    max: SESSION_CACHE_MAX,
    ttlMs: SESSION_CACHE_MS,
    load: async (jti, { userId }) => {
      const session = await findSession(db, jti);
      if (!session || session.user_id !== userId) throw errors.tokenInvalid();
      if (session.revoked_at !== null) throw endedSessionError(session.revoked_reason);
      const expiresMs = Date.parse(session.expires_at);
      if (expiresMs <= now().getTime()) throw errors.unauthorized();
      const account = await users.findById(userId);
      if (!account) throw errors.unauthorized();
      const refusal = admission(account);
      if (refusal !== null) throw errors.sessionEnded(REFUSAL_MESSAGE[refusal]);
      return { user: { jti, account }, userId, expiresMs };
    },
  });
  const forgetUser = (userId: number) => cache.deleteWhere((entry) => entry.userId === userId);
  // Revocations published by any instance (this one included) reach every instance's cache at once.
  push.onRevoked((jtis) => {
    for (const jti of jtis) cache.delete(jti);
  });

  async function publishEnded(userId: number, jtis: string[], reason: RevokeReason) {
    forgetUser(userId);
    await push.sessionsRevoked(jtis, reason);
  }

  /** The account's password changed (its own change, a recovery, its main account's reset). */
  const passwordChanged = (userId: number) =>
    inbox.deliver({
      userIds: [userId],
      kind: 'security',
      title: MSG.inboxPasswordChangedTitle,
      body: MSG.inboxPasswordChangedBody,
      link: '/account/safe',
    });

  function newSession(account: Account, rememberMe: boolean, client: ClientInfo) {
    const at = now();
    const ttl = rememberMe ? TOKEN_TTL_SECONDS.rememberMe : TOKEN_TTL_SECONDS.normal;
    const exp = Math.floor(at.getTime() / 1000) + ttl;
    const row = {
      jti: randomUUID(),
      user_id: account.id,
      remember_me: rememberMe ? 1 : 0,
      created_at: at.toISOString(),
      expires_at: new Date(exp * 1000).toISOString(),
      revoked_at: null,
      revoked_reason: null,
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 512),
    };
    return { row, sign: () => tokens.sign(tokenPayload(account, row.jti, exp)) };
  }

  return {
    /** One session per account: the new one ends the others, whose websockets hear about it. */
    async start(account: Account, rememberMe: boolean, client: ClientInfo): Promise<LoginData> {
      const { row, sign } = newSession(account, rememberMe, client);
      const revoked = await startSession(db, row);
      await publishEnded(account.id, revoked, REVOKE_REASON.loginElsewhere);
      if (revoked.length > 0) {
        await inbox.deliver({
          userIds: [account.id],
          kind: 'security',
          title: MSG.inboxLoginElsewhereTitle,
          body: MSG_WITH.inboxLoginElsewhere(shanghaiMinute(new Date(row.created_at)), client.ip),
          link: '/account/safe',
        });
      }
      return { token: await sign() };
    },

    /** A fresh token for the current session's client: a new session replaces the current one silently. */
    async renew(user: AuthUser, client: ClientInfo): Promise<LoginData> {
      const current = await findSession(db, user.jti);
      const { row, sign } = newSession(user.account, current?.remember_me === 1, client);
      await replaceSession(db, user.jti, row);
      cache.delete(user.jti);
      // The old token's socket closes quietly: the client reconnects with the new token.
      await push.sessionsRevoked([user.jti], REVOKE_REASON.logout);
      return { token: await sign() };
    },

    async revokeAll(userId: number, reason: RevokeReason): Promise<void> {
      const jtis = await revokeUserSessions(db, userId, reason, now().toISOString());
      await publishEnded(userId, jtis, reason);
      if (reason === REVOKE_REASON.passwordReset) await passwordChanged(userId);
    },

    async endAll(userId: number, cause: SessionEnd, keepJti: string | null): Promise<number> {
      const jtis = await revokeUserSessionsExcept(db, userId, keepJti, cause, now().toISOString());
      await publishEnded(userId, jtis, SESSION_END_PUSH[cause]);
      if (cause === SESSION_END.passwordChanged) await passwordChanged(userId);
      return jtis.length;
    },

    /** Ends the live sessions of an account and of its sub-accounts, on every instance; returns how many. */
    async endTeam(userId: number, cause: SessionEnd): Promise<number> {
      const jtis = await revokeTeamSessions(db, userId, cause, now().toISOString());
      cache.deleteWhere((entry) => entry.userId === userId || entry.user.account.parentId === userId);
      await push.sessionsRevoked(jtis, SESSION_END_PUSH[cause]);
      return jtis.length;
    },

    async endOne(userId: number, jti: string, cause: SessionEnd): Promise<boolean> {
      const ended = await revokeUserSession(db, userId, jti, cause, now().toISOString());
      if (ended) await publishEnded(userId, [jti], SESSION_END_PUSH[cause]);
      return ended;
    },

    async live(userId: number) {
      const rows = await listLiveSessions(db, userId, now().toISOString());
      return rows.map((r) => ({
        jti: r.jti,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        ip: r.ip,
        userAgent: r.user_agent,
      }));
    },

    forgetUser,

    forgetGroup(groupId: number): void {
      cache.deleteWhere((entry) => entry.user.account.groupId === groupId);
    },

    async logout(token: string | null): Promise<void> {
      if (!token) return;
      const verified = await tokens.verify(token);
      if (!verified.ok) return;
      cache.delete(verified.payload.jti);
      await revokeSession(db, verified.payload.jti, REVOKE_REASON.logout, now().toISOString());
      await push.sessionsRevoked([verified.payload.jti], REVOKE_REASON.logout);
    },

    async authenticate(token: string | null): Promise<AuthUser> {
      if (!token) throw errors.unauthorized();
      const verified = await tokens.verify(token);
      if (!verified.ok) throw verified.reason === 'expired' ? errors.unauthorized() : errors.tokenInvalid();
      const { jti, user_id } = verified.payload;
      const entry = await cache.fetch(jti, { userId: user_id });
      if (entry.userId !== user_id) throw errors.tokenInvalid();
      if (entry.expiresMs <= now().getTime()) {
        cache.delete(jti);
        throw errors.unauthorized();
      }
      return entry.user;
    },
  };
}
