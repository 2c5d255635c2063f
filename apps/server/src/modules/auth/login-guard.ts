// Brute-force protection of password logins: wrong passwords per username and per client IP are slowed, then refused for a while; counted in the shared store.
// The member's sign-in and the operator console's use it, each under its own keys and with its own refusals.
import type { Config } from '../../config.js';
import { type AppError, errors } from '../../errors.js';
import type { KeyValue } from '../../lib/kv.js';

const MINUTE_MS = 60_000;
/** Wrong passwords for one username answered at full speed; from the next attempt on, each one waits longer. */
const FREE_FAILS_PER_ACCOUNT = 2;

export interface LoginGuard {
  /**
   * One password check under the limits: refuses a locked IP (20002) and a locked username unless `mayPassLock`
   * says this request may try anyway (20002 asking for the captcha), counts the attempt, waits the slow-down due,
   * then runs `check` (the account, or null for a wrong password). A wrong password answers 20001, or 20002 when it
   * reaches a limit or the username is locked. `mayPassLock` is asked only while the username is locked: it may use
   * up a captcha ticket.
   */
  attempt<T>(
    username: string,
    ip: string,
    check: () => Promise<T | null>,
    mayPassLock: () => Promise<boolean>,
  ): Promise<T>;
  /** Clears the failure count and the lock of a username (after its password was reset). */
  unlock(username: string): Promise<void>;
}

/** What the guard answers when it refuses. */
export interface GuardRefusals {
  /** The client's IP is locked for `minutes` more. */
  ipLocked(minutes: number): AppError;
  /** The username is locked (or this failure locked it). */
  accountLocked(): AppError;
  /** A wrong password (or second factor) below the limits. */
  failed(): AppError;
}

/** The member's sign-in: a locked username asks for the slider captcha (20002), a locked IP says how long. */
const MEMBER_REFUSALS: GuardRefusals = {
  ipLocked: errors.ipLocked,
  accountLocked: errors.accountLockedCaptcha,
  failed: errors.badCredentials,
};

interface LoginGuardDeps {
  /** The store's key prefix (`login`: the member's sign-in). */
  prefix?: string;
  refusals?: GuardRefusals;
  kv: KeyValue;
  limits: Config['login'];
  /** The app clock: lock deadlines follow it on every store. */
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

export function createLoginGuard({
  prefix = 'login',
  refusals = MEMBER_REFUSALS,
  kv,
  limits,
  now,
  sleep,
}: LoginGuardDeps): LoginGuard {
  const lockMs = limits.lockMinutes * MINUTE_MS;
  // An IP is slowed from half its limit on: an office behind one address shares it.
  const freeFailsPerIp = Math.floor(limits.maxFailsPerIp / 2);
  const keys = {
    accountFails: (username: string) => `${prefix}:fail:${username}`,
    accountLock: (username: string) => `${prefix}:lock:${username}`,
    ipFails: (ip: string) => `${prefix}:ipfail:${ip}`,
    ipLock: (ip: string) => `${prefix}:iplock:${ip}`,
  };

  /** The wait before the next check after `failures`, growing one step per failure past the free ones. */
  const delayAfter = (failures: number, free: number) =>
    failures < free ? 0 : Math.min(limits.delayStepMs * (failures - free + 1), limits.delayMaxMs);

  /**
   * Minutes left on a lock, 0 when there is none. The deadline is kept in the value and compared with the app
   * clock: the store's TTL only cleans up (Redis cannot follow a test's clock).
   */
  async function minutesLeft(key: string): Promise<number> {
    const left = Number(await kv.get(key)) - now().getTime();
    if (!(left > 0)) return 0;
    return Math.max(1, Math.ceil(left / MINUTE_MS));
  }

  async function lock(lockKey: string, failKey: string) {
    await kv.set(lockKey, String(now().getTime() + lockMs), lockMs);
    await kv.del(failKey);
  }

  return {
    async attempt(username, ip, check, mayPassLock) {
      const ipLeft = await minutesLeft(keys.ipLock(ip));
      if (ipLeft > 0) throw refusals.ipLocked(ipLeft);
      // A locked username stops guessers, not its owner: the owner's known IP or a solved puzzle still gets a check.
      const usernameLocked = (await minutesLeft(keys.accountLock(username))) > 0;
      if (usernameLocked && !(await mayPassLock())) throw refusals.accountLocked();

      // Counted before judging, atomically (as SMS code tries are), so parallel guesses share the same few checks.
      const tries = await kv.incr(keys.accountFails(username), lockMs);
      if (tries > limits.maxFailsPerAccount && !usernameLocked) throw refusals.accountLocked();
      const ipFailures = Number(await kv.get(keys.ipFails(ip))) || 0;
      // The wait comes before the check, whatever the password: a client that gives up early learns nothing.
      const wait = Math.max(
        delayAfter(tries - 1, FREE_FAILS_PER_ACCOUNT),
        delayAfter(ipFailures, freeFailsPerIp),
      );
      if (wait > 0) await sleep(wait);

      const result = await check();
      if (result !== null) {
        // The lock itself stays until it runs out: the next guess still needs a puzzle.
        await kv.del(keys.accountFails(username));
        return result;
      }
      const accountLocked = tries >= limits.maxFailsPerAccount;
      const ipLocked = (await kv.incr(keys.ipFails(ip), lockMs)) >= limits.maxFailsPerIp;
      // Reaching the limit again while locked renews the lock.
      if (accountLocked) await lock(keys.accountLock(username), keys.accountFails(username));
      if (ipLocked) await lock(keys.ipLock(ip), keys.ipFails(ip));
      // The failure that reaches a limit already answers with the lock.
      if (accountLocked || usernameLocked) throw refusals.accountLocked();
      if (ipLocked) throw refusals.ipLocked(limits.lockMinutes);
      throw refusals.failed();
    },

    async unlock(username) {
      await kv.del(keys.accountFails(username));
      await kv.del(keys.accountLock(username));
    },
  };
}
