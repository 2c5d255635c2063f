// The login attempts of existing accounts, as the security page lists them, and the refusal of a disabled account.
import type { Db } from '../../db/connection.js';
import { admission, refusalError } from '../users/admission.js';
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
     * An account the admission rule refuses (users/admission.ts) is refused (once its password or code was right),
     * the attempt recorded as failed: a staff hold, its own or its main account's, sends the member to customer
     * service; its main account's disabling, to the main account.
     */
    async refuseDisabled(account: Account, method: LoginMethodName, client: ClientInfo) {
      const refusal = admission(account);
      if (refusal === null) return;
      await record(account.id, method, false, client);
      throw refusalError(refusal);
    },

    /** The account's latest login attempts, newest first. */
    recent(userId: number, limit: number) {
      return listLoginEvents(db, userId, limit);
    },
  };
}

export type LoginEvents = ReturnType<typeof createLoginEvents>;
