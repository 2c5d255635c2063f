// An app with a movable clock and generous per-IP limits (every request of a test file comes from one IP).
import type { AppDeps } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type ConfigOverrides, createTestApp, type TestApp } from './app.js';

const defaults = loadConfig({ NODE_ENV: 'test' });

export type ClockedOverrides = Omit<ConfigOverrides, 'captcha' | 'sms' | 'identity'> & {
  captcha?: Partial<Config['captcha']>;
  sms?: Partial<Config['sms']>;
  identity?: Partial<Config['identity']>;
};

export interface ClockedApp extends TestApp {
  advance(ms: number): void;
  now(): Date;
}

/** Generous per-IP limits unless a test asks otherwise: every request of a test file comes from one IP. */
export async function createClockedApp(
  overrides: ClockedOverrides = {},
  deps: AppDeps = {},
): Promise<ClockedApp> {
  let clock = Date.now();
  const { captcha, sms, identity, ...rest } = overrides;
  const t = await createTestApp(
    {
      ...rest,
      login: { maxPerIpPerMinute: 1_000, ...rest.login },
      captcha: { ...defaults.captcha, perIpPerMinute: 1_000, ...captcha },
      sms: { ...defaults.sms, perIpPerMinute: 1_000, dailyPerIp: 1_000, ...sms },
      identity: {
        ...defaults.identity,
        registerPerIpPerMinute: 1_000,
        findPasswordPerIpPerMinute: 1_000,
        ...identity,
      },
    },
    { now: () => new Date(clock), ...deps },
  );
  return {
    ...t,
    advance(ms) {
      clock += ms;
    },
    now: () => new Date(clock),
  };
}
