// The suites that need Redis: run with TEST_REDIS_URL; without it skipped with the reason printed on a developer's
// machine, failed in CI (CI set), where .ci/run points TEST_REDIS_URL at the Redis it expects.
import { describe, it } from 'vitest';
import { inCi } from './ci.js';

export interface RedisSuiteOptions {
  /** Runs only in the server:postgres project (TEST_DB=postgres); skipped quietly in the others. */
  postgresOnly?: boolean;
}

/**
 * `describe` for a suite that needs Redis: `body` gets TEST_REDIS_URL. Without it the suite is skipped with the
 * reason printed, or in CI replaced by one failing test that says what is missing.
 */
export function describeWithRedis(
  name: string,
  body: (redisUrl: string) => void,
  options: RedisSuiteOptions = {},
): void {
  if (options.postgresOnly && process.env.TEST_DB !== 'postgres') {
    describe.skip(name, () => body(''));
    return;
  }
  const url = process.env.TEST_REDIS_URL;
  if (url) {
    describe(name, () => body(url));
    return;
  }
  const reason = 'TEST_REDIS_URL is not set';
  if (inCi()) {
    describe(name, () => {
      it('has Redis', () => {
        throw new Error(`${reason}: CI expects Redis (.ci/run sets it when Redis answers on 6379)`);
      });
    });
    return;
  }
  console.warn(`skipped "${name}": ${reason} (CI fails here instead)`);
  describe.skip(name, () => body(''));
}
