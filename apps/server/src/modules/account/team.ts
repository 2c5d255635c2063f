// Sub-accounts a main account manages: list, count and limit, tree, add, edit, enable/disable, delete, passwords.
import {
  type ArchitectureNode,
  type InboxDelivery,
  LEVEL,
  MSG_WITH,
  type ResetPasswordData,
  type SubAccountAction,
  type SubAccountCount,
  type SubAccountItem,
  type SubAccountPage,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { type Paging, readPage } from '../../lib/paging.js';
import { generatePassword, hashPassword, sha256Hex } from '../../lib/password.js';
import { authorize, mainAccount } from '../access/policies.js';
import type { AuthService, ClientInfo } from '../auth/service.js';
import { SESSION_END } from '../auth/service.js';
import type { Account, UsersService } from '../users/service.js';
import { toArchitecture, toSubAccountItem } from './presenter.js';
import {
  countOtherMainAccountsByMobile,
  countSubs,
  findSubRow,
  listSubs,
  lockMainAccount,
  subLimitOf,
} from './repo.js';
import { createAudit } from './service.js';

/** Every sub-account of a main account fits in one tree answer. */
const TREE_MAX = 500;
interface TeamDeps {
  db: Db;
  now: () => Date;
  users: UsersService;
  auth: AuthService;
  /** 消息中心 (the messages module satisfies it): what happened to a sub-account is kept there. */
  inbox: TeamInbox;
}

/** What sub-account management needs of 消息中心. */
export interface TeamInbox {
  deliver(delivery: InboxDelivery): Promise<void>;
}

export interface AddInput {
  username: string;
  /** SHA-256 hex. */
  password: string;
  name: string;
  mobile: string | null | undefined;
}

export interface EditInput {
  name?: string | undefined;
  mobile?: string | null | undefined;
  enabled?: boolean | undefined;
}

export function createTeamService({ db, now, users, auth, inbox }: TeamDeps) {
  const audit = createAudit(db, now);

  /** Tells the main account (with a link to 子账号管理) and the sub-account itself unless it was deleted. */
  async function tell(main: Account, sub: { id: number; username: string }, action: SubAccountAction) {
    const message = {
      kind: 'team',
      title: MSG_WITH.inboxSubTitle(action),
      body: MSG_WITH.inboxSubChanged(sub.username, action),
    } as const;
    await inbox.deliver({ ...message, userIds: [main.id], link: '/account/sub' });
    if (action !== '删除') await inbox.deliver({ ...message, userIds: [sub.id] });
  }

  /** One of the caller's live sub-accounts: 404 unknown or deleted, 403 anyone else's (or a main account). */
  async function ownSub(main: Account, id: number) {
    const row = authorize(mainAccount(main.id), 'subAccount.manage', await findSubRow(db, id));
    if (row.deleted_at !== null) throw errors.subAccountNotFound();
    return row;
  }

  /** The plan's limit: none for trial rights (a visitor, a trial, an expired plan). */
  async function limitOf(main: Account): Promise<number> {
    const { level, gid } = main.membership;
    if (level <= LEVEL.trialMax) return 0;
    return subLimitOf(db, gid, level);
  }

  async function assertMobileFree(main: Account, mobile: string) {
    if ((await countOtherMainAccountsByMobile(db, mobile, main.id)) > 0) throw errors.mobileBoundOther();
  }

  const item = async (id: number): Promise<SubAccountItem> => {
    const row = await findSubRow(db, id);
    if (!row) throw errors.subAccountNotFound();
    return toSubAccountItem(row);
  };

  return {
    list(main: Account, name: string | undefined, paging: Paging): Promise<SubAccountPage> {
      return readPage(
        paging,
        async (limit, offset) => (await listSubs(db, main.id, name, limit, offset)).map(toSubAccountItem),
        () => countSubs(db, main.id, name),
      );
    },

    async count(main: Account): Promise<SubAccountCount> {
      const [count, limit] = await Promise.all([countSubs(db, main.id), limitOf(main)]);
      return { count, limit };
    },

    async architecture(main: Account): Promise<ArchitectureNode> {
      const fresh = (await users.findById(main.id)) ?? main;
      return toArchitecture(fresh, await listSubs(db, main.id, undefined, TREE_MAX, 0));
    },

    async add(main: Account, input: AddInput, client: ClientInfo): Promise<SubAccountItem> {
      const limit = await limitOf(main);
      if ((await countSubs(db, main.id)) >= limit) throw errors.subAccountLimit(limit);
      if (await users.usernameTaken(input.username)) throw errors.usernameTaken();
      if (input.mobile) await assertMobileFree(main, input.mobile);
      const parent = (await users.findById(main.id)) ?? main;
      let id: number | null;
      try {
        const sub = {
          parentId: main.id,
          username: input.username,
          passwordHash: await hashPassword(input.password),
          contactName: input.name,
          mobile: input.mobile ?? null,
          companyName: parent.companyName,
          area: parent.area,
          site: parent.site,
          at: now().toISOString(),
        };
        // Inserted only while the main account has fewer than `limit` (null: refused), in one transaction with the
        // main account's row locked, so two adds racing at the limit cannot both pass.
        id = await db.transaction().execute(async (trx) => {
          await lockMainAccount(trx, main.id);
          if ((await countSubs(trx, main.id)) >= limit) return null;
          return users.createSubAccount(sub, trx);
        });
      } catch (error) {
        // Another request took the username between the check and the insert.
        if (await users.usernameTaken(input.username)) throw errors.usernameTaken();
        throw error;
      }
      // Another add reached the limit first.
      if (id === null) throw errors.subAccountLimit(limit);
      await audit(main.id, 'sub_added', client.ip, id);
      await tell(main, { id, username: input.username }, '创建');
      return item(id);
    },

    async edit(main: Account, id: number, input: EditInput, client: ClientInfo): Promise<SubAccountItem> {
      const row = await ownSub(main, id);
      if (input.mobile) await assertMobileFree(main, input.mobile);
      const at = now().toISOString();
      const wasEnabled = row.enabled === 1;
      const enabledChange =
        input.enabled !== undefined && input.enabled !== wasEnabled ? input.enabled : undefined;
      await users.changeOwnColumns(
        id,
        {
          ...(input.name !== undefined ? { contact_name: input.name } : {}),
          ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
          ...(enabledChange !== undefined
            ? { enabled: enabledChange ? 1 : 0, disabled_at: enabledChange ? null : at }
            : {}),
        },
        at,
      );
      auth.accountChanged(id);
      if (enabledChange === false) await auth.endSessions(id, SESSION_END.accountDisabled, null);
      if (input.name !== undefined || input.mobile !== undefined)
        await audit(main.id, 'sub_updated', client.ip, id);
      if (enabledChange !== undefined)
        await audit(main.id, enabledChange ? 'sub_enabled' : 'sub_disabled', client.ip, id);
      if (enabledChange !== undefined) await tell(main, row, enabledChange ? '启用' : '停用');
      return item(id);
    },

    async remove(main: Account, id: number, client: ClientInfo): Promise<void> {
      const row = await ownSub(main, id);
      await users.markSubDeleted(id, now().toISOString());
      await auth.endSessions(id, SESSION_END.accountDeleted, null);
      await audit(main.id, 'sub_deleted', client.ip, id);
      await tell(main, row, '删除');
    },

    async resetPassword(main: Account, id: number, client: ClientInfo): Promise<ResetPasswordData> {
      const row = await ownSub(main, id);
      const password = generatePassword();
      await users.setPassword(id, sha256Hex(password));
      await auth.endSessions(id, SESSION_END.passwordChanged, null);
      await auth.unlock(row.username);
      await audit(main.id, 'sub_password_reset', client.ip, id);
      return { password };
    },

    async changePassword(main: Account, id: number, passwordHash: string, client: ClientInfo): Promise<void> {
      const row = await ownSub(main, id);
      await users.setPassword(id, passwordHash);
      await auth.endSessions(id, SESSION_END.passwordChanged, null);
      await auth.unlock(row.username);
      await audit(main.id, 'sub_password_changed', client.ip, id);
    },

    /** Customer companies are records of a member, not accounts: there is no password to reset. */
    resetCustomerPassword(): never {
      throw errors.noCustomerAccount();
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
