// Login, logout and the session check behind every authenticated call (ARCHITECTURE.md §5).
import { randomUUID } from 'node:crypto';
import {
  type LoginData,
  REVOKE_REASON,
  type RevokeReason,
  SMS_PURPOSE,
  TOKEN_TTL_SECONDS,
  type TokenPayload,
} from '@uc/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import type { KeyValue } from '../../lib/kv.js';
import { verifyDummy, verifyPassword } from '../../lib/password.js';
import type { Tokens } from '../../lib/token.js';
import type { CaptchaService } from '../captcha/service.js';
import type { PushHub } from '../push/hub.js';
import type { SmsCodes } from '../sms/codes.js';
import type { Account, UsersService } from '../users/service.js';
import { createLoginGuard } from './login-guard.js';
import { findSession, hasLoggedInFrom, revokeSession, revokeUserSessions, startSession } from './repo.js';
import { SessionCache } from './session-cache.js';

/** Short enough that another instance's revocation or a plan change is felt within seconds. */
const SESSION_CACHE_MS = 3_000;
/** An IP the account logged in from this recently passes a lock of its username (docs/decisions.md). */
const KNOWN_IP_MS = 30 * 86_400_000;

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

interface ClientInfo {
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
  /** A group's plan changed (a purchase): this instance's cached checks of the main account and its sub-accounts go. */
  membershipChanged(groupId: number): void;
  /** Clears the password-failure count and lock of a username (after its password was reset). */
  unlock(username: string): Promise<void>;
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

  /** The password check of types 2 and 3: failures per username and per IP are slowed, then locked. */
  function checkPassword(username: string, password: string, client: ClientInfo): Promise<Account> {
    return guard.attempt(
      username,
      client.ip,
      async () => {
        const candidate = await users.findLoginCandidate(username);
        const valid = candidate
          ? await verifyPassword(candidate.passwordHash, password)
          : await verifyDummy(password);
        return candidate && valid ? candidate.account : null;
      },
      () => mayPassLock(username, client),
    );
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
  ): Promise<LoginData> {
    const ttl = rememberMe ? TOKEN_TTL_SECONDS.rememberMe : TOKEN_TTL_SECONDS.normal;
    const exp = Math.floor(at.getTime() / 1000) + ttl;
    const jti = randomUUID();
    const revoked = await startSession(db, {
      jti,
      user_id: account.id,
      remember_me: rememberMe ? 1 : 0,
      created_at: at.toISOString(),
      expires_at: new Date(exp * 1000).toISOString(),
      revoked_at: null,
      revoked_reason: null,
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 512),
    });
    cache.forgetUser(account.id);
    await push.sessionsRevoked(revoked, REVOKE_REASON.loginElsewhere);
    return { token: await tokens.sign(tokenPayload(account, jti, exp)) };
  }

  return {
    async login(input, client) {
      const account = await checkPassword(input.username, input.password, client);
      if (!account.mobile) throw errors.needBindPhone();
      return issueSession(account, input.rememberMe, client, now());
    },

    async loginWithSms(input, client) {
      await codes.verify(input.phone, SMS_PURPOSE.login, input.verifycode);
      const [account] = await users.findByMobile(input.phone);
      if (!account) throw errors.phoneNotBound();
      return issueSession(account, input.rememberMe, client, now());
    },

    async bindAndLogin(input, client) {
      const account = await checkPassword(input.username, input.password, client);
      await codes.verify(input.phone, SMS_PURPOSE.bind, input.verifycode);
      await users.bindMobile(account.id, input.phone);
      return issueSession({ ...account, mobile: input.phone }, input.rememberMe, client, now());
    },

    async revokeAll(userId, reason) {
      const jtis = await revokeUserSessions(db, userId, reason, now().toISOString());
      cache.forgetUser(userId);
      await push.sessionsRevoked(jtis, reason);
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
      if (session.revoked_at !== null) {
        throw session.revoked_reason === REVOKE_REASON.loginElsewhere
          ? errors.loggedInElsewhere()
          : errors.unauthorized();
      }
      const expiresMs = Date.parse(session.expires_at);
      if (expiresMs <= at.getTime()) throw errors.unauthorized();
      const account = await users.findById(user_id);
      if (!account) throw errors.unauthorized();

      const user: AuthUser = { jti, account };
      cache.set(jti, user_id, user, at.getTime(), expiresMs);
      return user;
    },
  };
}
