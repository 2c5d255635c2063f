// Per-account brute-force protection: N wrong passwords lock the username for M minutes, counted in the shared store.
import type { Config } from '../../config.js';
import { errors } from '../../errors.js';
import type { KeyValue } from '../../lib/kv.js';

const MINUTE_MS = 60_000;

export interface LoginGuard {
  /** Throws accountLocked while the username is locked. */
  assertNotLocked(username: string): Promise<void>;
  /** Counts a failure; the one that reaches the limit locks the username and throws accountLocked. */
  recordFailure(username: string): Promise<void>;
  reset(username: string): Promise<void>;
  /** Clears both the failure count and the lock. */
  unlock(username: string): Promise<void>;
}

export function createLoginGuard(kv: KeyValue, limits: Config['login']): LoginGuard {
  const lockMs = limits.lockMinutes * MINUTE_MS;
  const failKey = (username: string) => `login:fail:${username}`;
  const lockKey = (username: string) => `login:lock:${username}`;
  return {
    async assertNotLocked(username) {
      const ttl = await kv.ttl(lockKey(username));
      if (ttl !== null) throw errors.accountLocked(Math.max(1, Math.ceil(ttl / MINUTE_MS)));
    },
    async recordFailure(username) {
      const failures = await kv.incr(failKey(username), lockMs);
      if (failures < limits.maxFailsPerAccount) return;
      await kv.set(lockKey(username), '1', lockMs);
      await kv.del(failKey(username));
      throw errors.accountLocked(limits.lockMinutes);
    },
    async reset(username) {
      await kv.del(failKey(username));
    },
    async unlock(username) {
      await kv.del(failKey(username));
      await kv.del(lockKey(username));
    },
  };
}
