// Login, logout and the session check behind every authenticated call (docs/architecture.md §5): the three login types
// here, built on the password check (password-check.ts), the sessions (sessions.ts) and the login records.
import { type LoginData, type RevokeReason, SMS_PURPOSE } from '@uc/shared';
import { type AppError, errors } from '../../errors.js';
import type { SmsCodes } from '../sms/codes.js';
import type { Account } from '../users/service.js';
import type { ClientInfo } from './client.js';
import { createLoginEvents, type LoginMethodName } from './login-events.js';
import { createPasswordCheck, type PasswordCheckDeps } from './password-check.js';
import type { LoginEvent } from './repo.js';
import type { SessionEnd } from './session-end.js';
import { type AuthUser, createSessions, type SessionsDeps } from './sessions.js';

export type { ClientInfo } from './client.js';
export { SESSION_END, type SessionEnd } from './session-end.js';
export type { AuthUser } from './sessions.js';

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
  /**
   * Ends the live sessions of an account and of its sub-accounts (a staff hold holds the team), on every instance;
   * returns how many.
   */
  endTeamSessions(userId: number, cause: SessionEnd): Promise<number>;
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

interface AuthDeps extends PasswordCheckDeps, SessionsDeps {
  codes: SmsCodes;
}

export function createAuthService(deps: AuthDeps): AuthService {
  const { codes, users } = deps;
  const events = createLoginEvents(deps);
  const passwords = createPasswordCheck(deps, events);
  const sessions = createSessions(deps);

  async function signIn(account: Account, rememberMe: boolean, client: ClientInfo, method: LoginMethodName) {
    const data = await sessions.start(account, rememberMe, client);
    await events.record(account.id, method, true, client);
    return data;
  }

  return {
    async login(input, client) {
      const account = await passwords.login(input.username, input.password, client, 'password');
      if (!account.mobile) throw errors.needBindPhone();
      return signIn(account, input.rememberMe, client, 'password');
    },

    async loginWithSms(input, client) {
      await codes.verify(input.phone, SMS_PURPOSE.login, input.verifycode);
      const [account] = await users.findByMobile(input.phone);
      if (!account) throw errors.phoneNotBound();
      await events.refuseDisabled(account, 'sms', client);
      return signIn(account, input.rememberMe, client, 'sms');
    },

    async bindAndLogin(input, client) {
      const account = await passwords.login(input.username, input.password, client, 'bind');
      await codes.verify(input.phone, SMS_PURPOSE.bind, input.verifycode);
      await users.bindMobile(account.id, input.phone);
      return signIn({ ...account, mobile: input.phone }, input.rememberMe, client, 'bind');
    },

    verifyOwnPassword: passwords.own,
    unlock: passwords.unlock,
    recentLogins: events.recent,
    revokeAll: sessions.revokeAll,
    endSessions: sessions.endAll,
    endTeamSessions: sessions.endTeam,
    endSession: sessions.endOne,
    renewSession: sessions.renew,
    liveSessions: sessions.live,
    accountChanged: sessions.forgetUser,
    membershipChanged: sessions.forgetGroup,
    logout: sessions.logout,
    authenticate: sessions.authenticate,
  };
}
