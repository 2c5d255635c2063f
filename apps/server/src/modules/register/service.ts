// Registration rules: a valid register code, a free username and mobile, then the account, and only then the code is used up.
import { LEVEL, SMS_PURPOSE } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { hashPassword } from '../../lib/password.js';
import type { SmsCodes } from '../sms/codes.js';
import type { UsersService } from '../users/service.js';
import { claimMobile, uniqueViolation } from './repo.js';

const DEFAULT_AREA = '440300';

interface RegisterInput {
  company: string;
  username: string;
  /** SHA-256 hex of the password (already checked equal to the confirmation). */
  passwordHash: string;
  mobile: string;
  verifycode: string;
  source: string | null;
}

export interface RegisterService {
  register(input: RegisterInput): Promise<number>;
}

interface RegisterDeps {
  db: Db;
  codes: SmsCodes;
  users: Pick<UsersService, 'countByMobile' | 'usernameTaken' | 'createMainAccount'>;
  now: () => Date;
  /** What a new account receives in its creating transaction (the coupons templates give on registration). */
  welcome?: (trx: Db, userId: number, at: Date) => Promise<unknown>;
}

export function createRegisterService({ db, codes, users, now, welcome }: RegisterDeps): RegisterService {
  return {
    async register(input) {
      // The code first, so the form cannot be used to probe usernames without a code for the mobile.
      await codes.verify(input.mobile, SMS_PURPOSE.register, input.verifycode, { consume: false });
      if (await users.usernameTaken(input.username)) throw errors.usernameTaken();
      if ((await users.countByMobile(input.mobile)) > 0) throw errors.mobileTaken();
      const passwordHash = await hashPassword(input.passwordHash);
      const at = now();
      let id: number;
      try {
        // A trial account (no plan) that is its own group, its claim on the mobile and what `welcome` gives it:
        // all or nothing.
        const stamp = at.toISOString();
        id = await db.transaction().execute(async (trx) => {
          const userId = await users.createMainAccount(
            {
              username: input.username,
              passwordHash,
              companyName: input.company,
              mobile: input.mobile,
              level: LEVEL.trialMax,
              area: DEFAULT_AREA,
              source: input.source,
              at: stamp,
            },
            trx,
          );
          await claimMobile(trx, input.mobile, userId, stamp);
          await welcome?.(trx, userId, at);
          return userId;
        });
      } catch (error) {
        // A registration racing this one took the username or the mobile between the checks and the insert.
        const taken = uniqueViolation(error);
        if (taken === 'username') throw errors.usernameTaken();
        if (taken === 'mobile') throw errors.mobileTaken();
        throw error;
      }
      await codes.consume(input.mobile, SMS_PURPOSE.register);
      return id;
    },
  };
}
