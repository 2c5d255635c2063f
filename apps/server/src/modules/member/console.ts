// The console's 会员 section: the member list, its export and a member's detail, and the changes staff make (plan,
// 停用/启用, 强制下线, 重置密码). Each change and its audit row commit in one transaction; the sessions the change
// ends are ended once it committed, so no instance reloads a session against the old state.
import {
  type InboxMessage,
  isMemberLevel,
  levelName,
  MSG,
  type OrderListItem,
  type Page,
  type PlanItem,
  type SetMemberPlanBody,
  SHANGHAI_OFFSET_MS,
  type StaffMemberDetail,
  type StaffMemberItem,
  type StaffMemberQuery,
  type StaffPlanOption,
  shanghaiDate,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { filteredList, type Paging } from '../../lib/paging.js';
import { generatePassword, sha256Hex } from '../../lib/password.js';
import { type AuthService, SESSION_END } from '../auth/service.js';
import type { AuditActor, RecordAudit } from '../staff/audit.js';
import type { Account, UsersService } from '../users/service.js';
import { listSubAccounts, type MemberFilter, type MemberRow, memberList } from './console-repo.js';

const RECENT = 20;
const EXPORT_BATCH = 500;

/** A plan as the ledger sees it: its id and expiry. */
interface LedgerPlan {
  gid: number | null;
  expiredAt: string | null;
}

/** What the console reads of commerce, and the ledger it records a plan it gives in (the commerce service). */
export interface ConsoleOrders {
  list(account: Account, paging: Paging): Promise<Page<OrderListItem>>;
  plans(): Promise<PlanItem[]>;
  /** Records, in `trx`, the days 修改套餐 gives: worth nothing to a later switch's credit. */
  recordGrant(
    trx: Db,
    grant: { userId: number; before: LedgerPlan; after: LedgerPlan; source: 'staff'; at: Date },
  ): Promise<void>;
}

/** What the console reads of 消息中心 (satisfied by the messages service). */
export interface ConsoleInbox {
  list(userId: number, paging: Paging, filter: { status: 'all' }): Promise<Page<InboxMessage>>;
}

interface MembersConsoleDeps {
  db: Db;
  now: () => Date;
  users: Pick<UsersService, 'findById' | 'setPassword' | 'setPlan' | 'setStaffHold'>;
  auth: Pick<
    AuthService,
    | 'endSessions'
    | 'endTeamSessions'
    | 'accountChanged'
    | 'membershipChanged'
    | 'recentLogins'
    | 'unlock'
    | 'liveSessions'
  >;
  orders: ConsoleOrders;
  inbox: ConsoleInbox;
  audit: RecordAudit;
}

/** The instant a Shanghai day starts (YYYY-MM-DD), as ISO. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS).toISOString();
/** The last millisecond of a Shanghai day: a plan set to end on `day` runs through it. */
const dayEnd = (day: string) => new Date(Date.parse(dayStart(day)) + 86_400_000 - 1).toISOString();

function filterOf(q: StaffMemberQuery): MemberFilter {
  return {
    username: q.username || undefined,
    mobile: q.mobile || undefined,
    company: q.company || undefined,
    level: q.level,
    disabled: q.status === undefined ? undefined : q.status === 'disabled',
    since: q.from ? dayStart(q.from) : undefined,
    until: q.to ? new Date(Date.parse(dayStart(q.to)) + 86_400_000).toISOString() : undefined,
  };
}

export function toStaffMemberItem(row: MemberRow): StaffMemberItem {
  return {
    id: row.id,
    username: row.username,
    company_name: row.company_name,
    mobile: row.mobile,
    level: row.level,
    level_name: levelName(row.level),
    gid: row.gid,
    plan_name: row.plan_name ?? '',
    expired_at: row.expired_at,
    is_sub: row.is_sub === 1,
    parent_username: row.parent_username ?? null,
    status: row.staff_disabled_at === null ? 'normal' : 'disabled',
    enabled_by_main: row.enabled === 1,
    held_with_main: row.parent_staff_disabled_at !== null,
    created_at: row.created_at,
  };
}

export function createMembersConsole({ db, now, users, auth, orders, inbox, audit }: MembersConsoleDeps) {
  async function memberRow(id: number): Promise<MemberRow> {
    const row = await memberList.byId(db, id);
    if (!row) throw errors.consoleNotFound(MSG.memberNotFound);
    return row;
  }

  /** The member's row after a change: what every change answers. */
  const present = async (id: number) => toStaffMemberItem(await memberRow(id));

  /**
   * Sets or lifts staff's hold in one transaction with its audit row. A main account's hold holds its sub-accounts
   * too (users/admission.ts): setting it ends their sessions with its own; lifting it lets them sign in again.
   */
  async function setHold(actor: AuditActor, id: number, disable: boolean, reason: string) {
    const row = await memberRow(id);
    const disabled = row.staff_disabled_at !== null;
    if (disable && disabled) throw errors.badRequest(MSG.memberAlreadyDisabled);
    if (!disable && !disabled) throw errors.badRequest(MSG.memberNotDisabled);
    const at = now().toISOString();
    await db.transaction().execute(async (trx) => {
      await users.setStaffHold(id, disable ? at : null, at, trx);
      await audit(trx, {
        ...actor,
        action: disable ? 'members.disable' : 'members.enable',
        targetType: 'member',
        targetId: id,
        before: { status: disabled ? 'disabled' : 'normal' },
        after: { status: disable ? 'disabled' : 'normal' },
        reason,
      });
    });
    // The cached checks of the member and of its team go (a sub-account's group is its main account's).
    auth.accountChanged(id);
    auth.membershipChanged(row.group_id);
    if (disable) await auth.endTeamSessions(id, SESSION_END.disabledByStaff);
    return present(id);
  }

  /** The plans 修改套餐 offers: those that grant a level. */
  async function planOptions(): Promise<StaffPlanOption[]> {
    return (await orders.plans()).flatMap((p) =>
      p.level === null ? [] : [{ gid: p.gid, name: p.name, level: p.level }],
    );
  }

  const members = (query: StaffMemberQuery) =>
    filteredList(memberList, db, filterOf(query), (rows) => rows.map(toStaffMemberItem));

  return {
    list: (query: StaffMemberQuery, paging: Paging): Promise<Page<StaffMemberItem>> =>
      members(query).page(paging),

    /** Every member of the filter, newest first, read a batch at a time as the file is written. */
    export: (query: StaffMemberQuery) => members(query).export(now(), EXPORT_BATCH),

    plans: planOptions,

    async detail(id: number): Promise<StaffMemberDetail> {
      const row = await memberRow(id);
      const account = await users.findById(id);
      if (!account) throw errors.consoleNotFound(MSG.memberNotFound);
      const first = { page: 1, size: RECENT };
      const [orderPage, subs, logins, messages] = await Promise.all([
        orders.list(account, first),
        row.is_sub === 1 ? Promise.resolve([]) : listSubAccounts(db, id),
        auth.recentLogins(id, RECENT),
        inbox.list(id, first, { status: 'all' }),
      ]);
      return {
        member: {
          ...toStaffMemberItem(row),
          email: row.email,
          contact_name: row.contact_name,
          area: row.area,
          site: row.site,
          password_changed_at: row.password_changed_at,
          staff_disabled_at: row.staff_disabled_at,
        },
        orders: orderPage.list.map((o) => ({
          out_trade_no: o.out_trade_no,
          name: o.name,
          price: o.price,
          status: String(o.status),
          created_at: o.created_at,
          paid_at: o.paid_at,
        })),
        sub_accounts: subs.map((s) => ({
          id: s.id,
          username: s.username,
          contact_name: s.contact_name,
          mobile: s.mobile,
          enabled: s.enabled === 1,
          created_at: s.created_at,
        })),
        logins: logins.map((l) => ({
          at: l.created_at,
          method: l.method,
          success: l.success === 1,
          ip: l.ip,
          user_agent: l.user_agent,
        })),
        messages: messages.list.map((m) => ({
          id: m.id,
          kind: m.kind,
          title: m.title,
          read: m.read,
          created_at: m.created_at,
        })),
      };
    },

    /**
     * 修改套餐: the level, the plan that grants it (or none) and the last day, by the rules purchases follow: a
     * sub-account's rights are its main account's; a plan grants one level; a paid level runs until a day not past.
     */
    async setPlan(actor: AuditActor, id: number, body: SetMemberPlanBody): Promise<StaffMemberItem> {
      const row = await memberRow(id);
      if (row.is_sub === 1) throw errors.badRequest(MSG.memberPlanOfSub);
      if (body.gid !== null) {
        const plan = (await planOptions()).find((p) => p.gid === body.gid);
        if (!plan || plan.level !== body.level) throw errors.badRequest(MSG.memberPlanInvalid);
      }
      if (isMemberLevel(body.level) && body.expired_on === null)
        throw errors.badRequest(MSG.memberExpiryRequired);
      if (body.expired_on !== null && body.expired_on < shanghaiDate(now().toISOString()))
        throw errors.badRequest(MSG.memberExpiryPast);
      const before = { level: row.level, gid: row.gid, expired_at: row.expired_at };
      const after = {
        level: body.level,
        gid: body.gid,
        expired_at: body.expired_on === null ? null : dayEnd(body.expired_on),
      };
      const at = now();
      await db.transaction().execute(async (trx) => {
        await users.setPlan(id, after, at.toISOString(), trx);
        await orders.recordGrant(trx, {
          userId: id,
          before: { gid: row.gid, expiredAt: row.expired_at },
          after: { gid: after.gid, expiredAt: after.expired_at },
          source: 'staff',
          at,
        });
        await audit(trx, {
          ...actor,
          action: 'members.set_plan',
          targetType: 'member',
          targetId: id,
          before,
          after,
          reason: body.reason,
        });
      });
      // The main account's sub-accounts take its plan: every cached check of the group goes.
      auth.membershipChanged(row.group_id);
      return present(id);
    },

    disable: (actor: AuditActor, id: number, reason: string) => setHold(actor, id, true, reason),
    enable: (actor: AuditActor, id: number, reason: string) => setHold(actor, id, false, reason),

    /**
     * 强制下线: the audit row first (it commits on its own: the sessions are the auth module's and end on every
     * instance at once), then every live session of the member ends.
     */
    async logout(actor: AuditActor, id: number, reason: string): Promise<{ ended: number }> {
      await memberRow(id);
      const live = (await auth.liveSessions(id)).length;
      await db.transaction().execute(async (trx) => {
        await audit(trx, {
          ...actor,
          action: 'members.logout',
          targetType: 'member',
          targetId: id,
          before: { live_sessions: live },
          after: { live_sessions: 0 },
          reason,
        });
      });
      return { ended: await auth.endSessions(id, SESSION_END.endedByStaff, null) };
    },

    /**
     * 重置密码: a temporary password the product's rules accept, generated here and shown to the operator this once
     * (never stored or audited in clear); the member's sessions end and a lock of wrong passwords is lifted.
     */
    async resetPassword(actor: AuditActor, id: number, reason: string): Promise<{ password: string }> {
      const row = await memberRow(id);
      const password = generatePassword();
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        await users.setPassword(id, sha256Hex(password), trx);
        await audit(trx, {
          ...actor,
          action: 'members.reset_password',
          targetType: 'member',
          targetId: id,
          before: { password_changed_at: row.password_changed_at },
          after: { password_changed_at: at },
          reason,
        });
      });
      auth.accountChanged(id);
      await auth.endSessions(id, SESSION_END.passwordChanged, null);
      await auth.unlock(row.username);
      return { password };
    },
  };
}

export type MembersConsole = ReturnType<typeof createMembersConsole>;
