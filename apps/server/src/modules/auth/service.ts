// Login, logout and the session check behind every authenticated call (ARCHITECTURE.md §5).
import { randomUUID } from 'node:crypto';
import {
  CODE,
  type LoginData,
  MSG,
  REVOKE_REASON,
  type RevokeReason,
  SMS_PURPOSE,
  TOKEN_TTL_SECONDS,
  type TokenPayload,
} from '@uc/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError, errors } from '../../errors.js';
import type { KeyValue } from '../../lib/kv.js';
import { verifyDummy, verifyPassword } from '../../lib/password.js';
import type { Tokens } from '../../lib/token.js';
import type { CaptchaService } from '../captcha/service.js';
import type { PushHub } from '../push/hub.js';
import type { SmsCodes } from '../sms/codes.js';
import type { Account, UsersService } from '../users/service.js';
import { createLoginGuard } from './login-guard.js';
import {
  findSession,
  hasLoggedInFrom,
  insertLoginEvent,
  type LoginEvent,
  listLiveSessions,
  listLoginEvents,
  replaceSession,
  revokeSession,
  revokeUserSession,
  revokeUserSessions,
  revokeUserSessionsExcept,
  startSession,
} from './repo.js';
import { SessionCache } from './session-cache.js';

/** Short enough that another instance's revocation or a plan change is felt within seconds. */
const SESSION_CACHE_MS = 3_000;
/** An IP the account logged in from this recently passes a lock of its username (docs/decisions.md). */
const KNOWN_IP_MS = 30 * 86_400_000;

/**
 * Why the account module ends sessions. Each is stored on the session row (the old token then answers 30001 with
 * its message) and published to every instance under a REVOKE_REASON (its websocket gets push code 1).
 */
export const SESSION_END = {
  passwordChanged: 'password_changed',
  accountDisabled: REVOKE_REASON.accountDisabled,
  accountDeleted: REVOKE_REASON.accountDeleted,
  /** The owner ended it from the security page. */
  endedByOwner: REVOKE_REASON.loginElsewhere,
} as const;
export type SessionEnd = (typeof SESSION_END)[keyof typeof SESSION_END];

const SESSION_END_PUSH: Record<SessionEnd, RevokeReason> = {
  [SESSION_END.passwordChanged]: REVOKE_REASON.passwordReset,
  [SESSION_END.accountDisabled]: REVOKE_REASON.accountDisabled,
  [SESSION_END.accountDeleted]: REVOKE_REASON.accountDeleted,
  [SESSION_END.endedByOwner]: REVOKE_REASON.loginElsewhere,
};

/** The answer to a token whose session ended for `reason`. */
function endedSessionError(reason: string | null): AppError {
  switch (reason) {
    case REVOKE_REASON.loginElsewhere:
      return errors.loggedInElsewhere();
    case SESSION_END.passwordChanged:
      return errors.sessionEnded(MSG.passwordChangedPush);
    case SESSION_END.accountDisabled:
      return errors.sessionEnded(MSG.accountDisabled);
    case SESSION_END.accountDeleted:
      return errors.sessionEnded(MSG.accountDeleted);
    default:
      return errors.unauthorized();
  }
}

export type LoginMethodName = 'password' | 'sms' | 'bind';

export interface AuthUser {
  jti: string;
  account: Account;
}

interface LoginInput {
  username: string;
  /** SHA-256 hex of the password. */
  password: string;
  rememberMe: boolean;
}

interface SmsLoginInput {
  phone: string;
  verifycode: string;
  rememberMe: boolean;
}

interface BindLoginInput extends LoginInput {
  phone: string;
  verifycode: string;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The browser session (uc_sid) that may hold a slider-captcha ticket. */
  sid: string | null;
}

export interface AuthService {
  /** Type 2: username and password. */
  login(input: LoginInput, client: ClientInfo): Promise<LoginData>;
  /** Type 1: a code from GET /api/message/; signs into the mobile's first main account. */
  loginWithSms(input: SmsLoginInput, client: ClientInfo): Promise<LoginData>;
  /** Type 3: username and password, plus a bind code for the mobile to store on the account. */
  bindAndLogin(input: BindLoginInput, client: ClientInfo): Promise<LoginData>;
  /** Ends every session of an account at once (password reset) and tells their websockets. */
  revokeAll(userId: number, reason: RevokeReason): Promise<void>;
  /** The account's stored details changed (profile, avatar, mobile, email): this instance's cached checks go. */
  accountChanged(userId: number): void;
  /** A group's plan changed (a purchase): this instance's cached checks of the main account and its sub-accounts go. */
  membershipChanged(groupId: number): void;
  /** Clears the password-failure count and lock of a username (after its password was reset). */
  unlock(username: string): Promise<void>;
  /**
   * Checks the signed-in account's own password under the login guard (a wrong one counts like a failed login);
   * throws `wrong()` for a wrong password, errors.reauthLocked() while the account is locked.
   */
  verifyOwnPassword(
    account: Account,
    password: string,
    client: ClientInfo,
    wrong: () => AppError,
  ): Promise<void>;
  /** Ends the account's live sessions, all but `keepJti` (null: all), on every instance; returns how many. */
  endSessions(userId: number, cause: SessionEnd, keepJti: string | null): Promise<number>;
  /** Ends one live session of the account; false when it has none with that jti. */
  endSession(userId: number, jti: string, cause: SessionEnd): Promise<boolean>;
  /** A fresh token for the current session's client: a new session replaces the current one silently. */
  renewSession(user: AuthUser, client: ClientInfo): Promise<LoginData>;
  /** The account's live sessions, newest first. */
  liveSessions(userId: number): Promise<
    {
      jti: string;
      createdAt: string;
      expiresAt: string;
      ip: string;
      userAgent: string;
    }[]
  >;
  /** The account's latest login attempts, newest first. */
  recentLogins(userId: number, limit: number): Promise<LoginEvent[]>;
  /** Ends the token's session if the token is genuine; never fails for a bad or missing token. */
  logout(token: string | null): Promise<void>;
  /** The user behind a bearer token, or the AppError the request must end with. */
  authenticate(token: string | null): Promise<AuthUser>;
}

interface AuthDeps {
  db: Db;
  kv: KeyValue;
  tokens: Tokens;
  limits: Config['login'];
  now: () => Date;
  codes: SmsCodes;
  users: UsersService;
  /** A solved puzzle lets a password login past a lock of its username. */
  captcha: Pick<CaptchaService, 'consumeTicket'>;
  /** How the login slow-down waits (tests record instead). */
  sleep: (ms: number) => Promise<void>;
  /**
   * The fan-out of revocations to every instance: tells open websockets that their session ended, and tells this
   * instance when any instance ended sessions, so their cached checks go at once.
   */
  push: Pick<PushHub, 'sessionsRevoked' | 'onRevoked'>;
}

/** The token payload of SPEC.md §3; `level` is the effective one (a sub-account's is its parent's). */
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

export function createAuthService({
  db,
  kv,
  tokens,
  limits,
  now,
  sleep,
  codes,
  users,
  captcha,
  push,
}: AuthDeps): AuthService {
  const guard = createLoginGuard({ kv, limits, now, sleep });
  const cache = new SessionCache<AuthUser>(SESSION_CACHE_MS);
  // Revocations published by any instance (this one included) reach every instance's cache at once.
  push.onRevoked((jtis) => {
    for (const jti of jtis) cache.forget(jti);
  });

  /** Records a login attempt of an existing account (the security page lists them). */
  async function recordLogin(userId: number, method: LoginMethodName, success: boolean, client: ClientInfo) {
    await insertLoginEvent(db, {
      user_id: userId,
      method,
      success: success ? 1 : 0,
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 512),
      created_at: now().toISOString(),
    });
  }

  /**
   * The password check of types 2 and 3: failures per username and per IP are slowed, then locked. A wrong password
   * of an existing account is recorded as a failed login; a disabled account is refused after its password is right.
   */
  async function checkPassword(
    username: string,
    password: string,
    client: ClientInfo,
    method: LoginMethodName,
  ): Promise<Account> {
    let candidateId: number | null = null;
    let account: Account;
    try {
      account = await guard.attempt(
        username,
        client.ip,
        async () => {
          const candidate = await users.findLoginCandidate(username);
          candidateId = candidate?.account.id ?? null;
          const valid = candidate
            ? await verifyPassword(candidate.passwordHash, password)
            : await verifyDummy(password);
          return candidate && valid ? candidate.account : null;
        },
        () => mayPassLock(username, client),
      );
    } catch (error) {
      if (candidateId !== null) await recordLogin(candidateId, method, false, client);
      throw error;
    }
    await refuseDisabled(account, method, client);
    return account;
  }

  async function refuseDisabled(account: Account, method: LoginMethodName, client: ClientInfo) {
    if (account.enabled) return;
    await recordLogin(account.id, method, false, client);
    throw errors.accountDisabled();
  }

  async function publishEnded(userId: number, jtis: string[], cause: SessionEnd) {
    cache.forgetUser(userId);
    await push.sessionsRevoked(jtis, SESSION_END_PUSH[cause]);
  }

  /** A locked username is tried anyway from an IP its owner logged in from lately, or with a solved puzzle. */
  async function mayPassLock(username: string, client: ClientInfo): Promise<boolean> {
    const candidate = await users.findLoginCandidate(username);
    const since = new Date(now().getTime() - KNOWN_IP_MS).toISOString();
    if (candidate && (await hasLoggedInFrom(db, candidate.account.id, client.ip, since))) return true;
    return client.sid !== null && (await captcha.consumeTicket(client.sid));
  }

  /** One session per account: the new one ends the others, whose websockets hear about it. */
  async function issueSession(
    account: Account,
    rememberMe: boolean,
    client: ClientInfo,
    at: Date,
    method: LoginMethodName,
  ): Promise<LoginData> {
    const { exp, row } = newSession(account, rememberMe, client, at);
    const jti = row.jti;
    const revoked = await startSession(db, row);
    cache.forgetUser(account.id);
    await push.sessionsRevoked(revoked, REVOKE_REASON.loginElsewhere);
    await recordLogin(account.id, method, true, client);
    return { token: await tokens.sign(tokenPayload(account, jti, exp)) };
  }

  function newSession(account: Account, rememberMe: boolean, client: ClientInfo, at: Date) {
    const ttl = rememberMe ? TOKEN_TTL_SECONDS.rememberMe : TOKEN_TTL_SECONDS.normal;
    const exp = Math.floor(at.getTime() / 1000) + ttl;
    return {
      exp,
      row: {
        jti: randomUUID(),
        user_id: account.id,
        remember_me: rememberMe ? 1 : 0,
        created_at: at.toISOString(),
        expires_at: new Date(exp * 1000).toISOString(),
        revoked_at: null,
        revoked_reason: null,
        ip: client.ip,
        user_agent: client.userAgent.slice(0, 512),
      },
    };
  }

  return {
    async login(input, client) {
      const account = await checkPassword(input.username, input.password, client, 'password');
      if (!account.mobile) throw errors.needBindPhone();
      return issueSession(account, input.rememberMe, client, now(), 'password');
    },

    async loginWithSms(input, client) {
      await codes.verify(input.phone, SMS_PURPOSE.login, input.verifycode);
      const [account] = await users.findByMobile(input.phone);
      if (!account) throw errors.phoneNotBound();
      await refuseDisabled(account, 'sms', client);
      return issueSession(account, input.rememberMe, client, now(), 'sms');
    },

    async bindAndLogin(input, client) {
      const account = await checkPassword(input.username, input.password, client, 'bind');
      await codes.verify(input.phone, SMS_PURPOSE.bind, input.verifycode);
      await users.bindMobile(account.id, input.phone);
      return issueSession({ ...account, mobile: input.phone }, input.rememberMe, client, now(), 'bind');
    },

    async revokeAll(userId, reason) {
      const jtis = await revokeUserSessions(db, userId, reason, now().toISOString());
      cache.forgetUser(userId);
      await push.sessionsRevoked(jtis, reason);
    },

    async verifyOwnPassword(account, password, client, wrong) {
      try {
        await guard.attempt(
          account.username,
          client.ip,
          async () => {
            const candidate = await users.findLoginCandidate(account.username);
            const valid = candidate !== null && (await verifyPassword(candidate.passwordHash, password));
            return valid ? true : null;
          },
          () => mayPassLock(account.username, client),
        );
      } catch (error) {
        if (error instanceof AppError && error.bodyCode === CODE.badCredentials) throw wrong();
        if (error instanceof AppError && error.message === MSG.accountLockedCaptcha)
          throw errors.reauthLocked();
        throw error;
      }
    },

    async endSessions(userId, cause, keepJti) {
      const jtis = await revokeUserSessionsExcept(db, userId, keepJti, cause, now().toISOString());
      await publishEnded(userId, jtis, cause);
      return jtis.length;
    },

    async endSession(userId, jti, cause) {
      const ended = await revokeUserSession(db, userId, jti, cause, now().toISOString());
      if (ended) await publishEnded(userId, [jti], cause);
      return ended;
    },

    async renewSession(user, client) {
      const current = await findSession(db, user.jti);
      const { exp, row } = newSession(user.account, current?.remember_me === 1, client, now());
      await replaceSession(db, user.jti, row);
      cache.forget(user.jti);
      // The old token's socket closes quietly: the client reconnects with the new token.
      await push.sessionsRevoked([user.jti], REVOKE_REASON.logout);
      return { token: await tokens.sign(tokenPayload(user.account, row.jti, exp)) };
    },

    async liveSessions(userId) {
      const rows = await listLiveSessions(db, userId, now().toISOString());
      return rows.map((r) => ({
        jti: r.jti,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        ip: r.ip,
        userAgent: r.user_agent,
      }));
    },

    recentLogins(userId, limit) {
      return listLoginEvents(db, userId, limit);
    },

    accountChanged(userId) {
      cache.forgetUser(userId);
    },

    membershipChanged(groupId) {
      cache.forgetWhere((user) => user.account.groupId === groupId);
    },

    async unlock(username) {
      await guard.unlock(username);
    },

    async logout(token) {
      if (!token) return;
      const verified = await tokens.verify(token);
      if (!verified.ok) return;
      cache.forget(verified.payload.jti);
      await revokeSession(db, verified.payload.jti, REVOKE_REASON.logout, now().toISOString());
      await push.sessionsRevoked([verified.payload.jti], REVOKE_REASON.logout);
    },

    async authenticate(token) {
      if (!token) throw errors.unauthorized();
      const verified = await tokens.verify(token);
      if (!verified.ok) throw verified.reason === 'expired' ? errors.unauthorized() : errors.tokenInvalid();
      const { jti, user_id } = verified.payload;
      const at = now();
      const cached = cache.get(jti, at.getTime());
      if (cached) return cached;

      const session = await findSession(db, jti);
      if (!session || session.user_id !== user_id) throw errors.tokenInvalid();
      if (session.revoked_at !== null) throw endedSessionError(session.revoked_reason);
      const expiresMs = Date.parse(session.expires_at);
      if (expiresMs <= at.getTime()) throw errors.unauthorized();
      const account = await users.findById(user_id);
      if (!account) throw errors.unauthorized();
      if (!account.enabled) throw errors.sessionEnded(MSG.accountDisabled);

      const user: AuthUser = { jti, account };
      cache.set(jti, user_id, user, at.getTime(), expiresMs);
      return user;
    },
  };
}
