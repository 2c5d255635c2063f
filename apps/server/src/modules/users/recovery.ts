// Password recovery by SMS code: pick among the mobile's enabled accounts, set the new password, end every session.
import {
  type AccountChoice,
  REVOKE_REASON,
  type RevokeReason,
  SMS_PURPOSE,
  type SmsPurpose,
} from '@uc/shared';
import { errors } from '../../errors.js';
import { admission, refusalError } from './admission.js';
import type { Account, UsersService } from './service.js';

// What recovery needs of the SMS codes and of the sessions, declared here (the sms and auth modules, which build on
// accounts, provide them), so the accounts module depends on neither.
interface RecoveryCodes {
  verify(phone: string, purpose: SmsPurpose, code: string, options?: { consume?: boolean }): Promise<void>;
  consume(phone: string, purpose: SmsPurpose): Promise<void>;
}

interface RecoverySessions {
  revokeAll(userId: number, reason: RevokeReason): Promise<void>;
  unlock(username: string): Promise<void>;
}

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
  codes: RecoveryCodes;
  auth: RecoverySessions;
  /** The customer-service line a mobile without an account is sent to. */
  hotline: string;
}

export function createRecoveryService({ users, codes, auth, hotline }: RecoveryDeps): RecoveryService {
  return {
    async findPassword(input) {
      await codes.verify(input.mobile, SMS_PURPOSE.findpwd, input.verifycode, { consume: false });
      const bound = await users.findByMobile(input.mobile);
      if (bound.length === 0) throw errors.findPasswordNotBound(hotline);
      // An account that may not sign in (admission: its main account's switch, or a staff hold of it or of its main
      // account) is neither offered nor reset, and the code stays valid for the mobile's other accounts.
      const named = input.username ? bound.find((account) => account.username === input.username) : undefined;
      const accounts = bound.filter((account) => admission(account) === null);
      const refused = named
        ? admission(named)
        : accounts.length === 0
          ? admission(bound[0] as Account)
          : null;
      if (refused) throw refusalError(refused);
      const chosen = named ?? (!input.username && accounts.length === 1 ? accounts[0] : undefined);
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
