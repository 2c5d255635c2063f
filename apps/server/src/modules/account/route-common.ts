// What the account's route files share: the one options object, the OpenAPI tag, the per-minute limits, the required paths (docs/requirements.md §7).
import type { Config } from '../../config.js';
import type { AccountService } from './service.js';
import type { TeamService } from './team.js';

export interface AccountRoutesOptions {
  account: AccountService;
  team: TeamService;
  config: Pick<Config, 'dataDir' | 'site' | 'login' | 'sms'>;
  /** The base avatars and the email confirmation link are answered under (lib/public-url.ts `clientBaseUrl`). */
  origin: string;
}

export const tags = ['account'];

/** A per-IP limit of `max` requests a minute (the route's `config.rateLimit`). */
export const perMinute = (max: number) => ({ max, timeWindow: 60_000 });
