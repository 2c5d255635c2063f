// The login attempts of existing accounts, as the security page lists them, and the refusal of a disabled account.
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import type { Account } from '../users/service.js';
import type { ClientInfo } from './client.js';
import { insertLoginEvent, listLoginEvents } from './repo.js';

export type LoginMethodName = 'password' | 'sms' | 'bind';

export function createLoginEvents({ db, now }: { db: Db; now: () => Date }) {
  async function record(userId: number, method: LoginMethodName, success: boolean, client: ClientInfo) {
    await insertLoginEvent(db, {
      user_id: userId,
      method,
      success: success ? 1 : 0,
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 512),
      created_at: now().toISOString(),
    });
  }

  return {
    record,

    /**
     * A disabled account is refused (once its password or code was right), the attempt recorded as failed: staff's
     * hold first, since only staff lift it (its message sends the member to customer service, not a main account).
     */
    async refuseDisabled(account: Account, method: LoginMethodName, client: ClientInfo) {
      if (account.enabled && !account.staffDisabled) return;
      await record(account.id, method, false, client);
      throw account.staffDisabled ? errors.memberDisabledByStaff() : errors.accountDisabled();
    },

    /** The account's latest login attempts, newest first. */
    recent(userId: number, limit: number) {
      return listLoginEvents(db, userId, limit);
    },
  };
}

export type LoginEvents = ReturnType<typeof createLoginEvents>;
