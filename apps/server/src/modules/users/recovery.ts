// Password recovery by SMS code: choose the account when the mobile has several, set the new password, end every session.
import { type AccountChoice, REVOKE_REASON, SMS_PURPOSE } from '@uc/shared';
import { errors } from '../../errors.js';
import type { AuthService } from '../auth/service.js';
import type { SmsCodes } from '../sms/codes.js';
import type { UsersService } from './service.js';

interface FindPasswordInput {
  mobile: string;
  verifycode: string;
  /** SHA-256 hex of the new password. */
  passwordHash: string;
  username?: string | undefined;
}

/** Reset done, or the accounts to choose from (the code is then kept for the second try). */
type FindPasswordResult = { done: true } | { done: false; choices: AccountChoice[] };

export interface RecoveryService {
  findPassword(input: FindPasswordInput): Promise<FindPasswordResult>;
}

interface RecoveryDeps {
  users: UsersService;
  codes: SmsCodes;
  auth: Pick<AuthService, 'revokeAll' | 'unlock'>;
  /** The customer-service line a mobile without an account is sent to. */
  hotline: string;
}

export function createRecoveryService({ users, codes, auth, hotline }: RecoveryDeps): RecoveryService {
  return {
    async findPassword(input) {
      await codes.verify(input.mobile, SMS_PURPOSE.findpwd, input.verifycode, { consume: false });
      const accounts = await users.findByMobile(input.mobile);
      if (accounts.length === 0) throw errors.findPasswordNotBound(hotline);
      const chosen = input.username
        ? accounts.find((account) => account.username === input.username)
        : accounts.length === 1
          ? accounts[0]
          : undefined;
      if (!chosen) {
        return {
          done: false,
          choices: accounts.map((a) => ({ username: a.username, company_name: a.companyName })),
        };
      }
      await users.setPassword(chosen.id, input.passwordHash);
      await codes.consume(input.mobile, SMS_PURPOSE.findpwd);
      await auth.revokeAll(chosen.id, REVOKE_REASON.passwordReset);
      await auth.unlock(chosen.username);
      return { done: true };
    },
  };
}
