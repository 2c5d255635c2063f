// Password checks of login types 2 and 3 and of re-authentication, under the login guard (docs/decisions.md "auth").
import { CODE, MSG } from '@uc/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError, errors } from '../../errors.js';
import type { KeyValue } from '../../lib/kv.js';
import { verifyDummy, verifyPassword } from '../../lib/password.js';
import type { CaptchaService } from '../captcha/service.js';
import type { Account, UsersService } from '../users/service.js';
import type { ClientInfo } from './client.js';
import type { LoginEvents, LoginMethodName } from './login-events.js';
import { createLoginGuard } from './login-guard.js';
import { hasLoggedInFrom } from './repo.js';

/** An IP the account logged in from this recently passes a lock of its username (docs/decisions.md). */
const KNOWN_IP_MS = 30 * 86_400_000;

export interface PasswordCheckDeps {
  db: Db;
  kv: KeyValue;
  limits: Config['login'];
  now: () => Date;
  users: UsersService;
  /** A solved puzzle lets a password login past a lock of its username. */
  captcha: Pick<CaptchaService, 'consumeTicket'>;
  /** How the login slow-down waits (tests record instead). */
  sleep: (ms: number) => Promise<void>;
}

export function createPasswordCheck(
  { db, kv, limits, now, users, captcha, sleep }: PasswordCheckDeps,
  events: LoginEvents,
) {
  const guard = createLoginGuard({ kv, limits, now, sleep });

  /** A locked username is tried anyway from an IP its owner logged in from lately, or with a solved puzzle. */
  async function mayPassLock(username: string, client: ClientInfo): Promise<boolean> {
    const candidate = await users.findLoginCandidate(username);
    const since = new Date(now().getTime() - KNOWN_IP_MS).toISOString();
    if (candidate && (await hasLoggedInFrom(db, candidate.account.id, client.ip, since))) return true;
    return client.sid !== null && (await captcha.consumeTicket(client.sid));
  }

  /**
   * One check of `username`'s password under the guard: the account when right. `seen` learns the account's id
   * before the password is judged (unknown usernames cost a dummy hash all the same).
   */
  function attempt(
    username: string,
    password: string,
    client: ClientInfo,
    seen?: (id: number) => void,
  ): Promise<Account> {
    return guard.attempt(
      username,
      client.ip,
      async () => {
        const candidate = await users.findLoginCandidate(username);
        if (!candidate) {
          await verifyDummy(password);
          return null;
        }
        seen?.(candidate.account.id);
        return (await verifyPassword(candidate.passwordHash, password)) ? candidate.account : null;
      },
      () => mayPassLock(username, client),
    );
  }

  return {
    /**
     * The password check of types 2 and 3: failures per username and per IP are slowed, then locked. A wrong password
     * of an existing account is recorded as a failed login; a disabled account is refused after its password is right.
     */
    async login(
      username: string,
      password: string,
      client: ClientInfo,
      method: LoginMethodName,
    ): Promise<Account> {
      let candidateId: number | null = null;
      let account: Account;
      try {
        account = await attempt(username, password, client, (id) => {
          candidateId = id;
        });
      } catch (error) {
        if (candidateId !== null) await events.record(candidateId, method, false, client);
        throw error;
      }
      await events.refuseDisabled(account, method, client);
      return account;
    },

    /** The signed-in account's own password (AuthService.verifyOwnPassword). */
    async own(account: Account, password: string, client: ClientInfo, wrong: () => AppError): Promise<void> {
      try {
        await attempt(account.username, password, client);
      } catch (error) {
        if (error instanceof AppError && error.bodyCode === CODE.badCredentials) throw wrong();
        if (error instanceof AppError && error.message === MSG.accountLockedCaptcha)
          throw errors.reauthLocked();
        throw error;
      }
    },

    unlock(username: string): Promise<void> {
      return guard.unlock(username);
    },
  };
}
