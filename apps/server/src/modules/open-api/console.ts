// The console's API section: members' keys with this month's calls and their package, a key's calls per day, and
// staff's 停用/恢复 of a key, each with its audit row in one transaction. A suspension is staff's own (suspended_at),
// apart from the member's revoke: the member cannot lift it, and a revoked key stays revoked.
import {
  type ApiSurplus,
  DAY_MS,
  MSG,
  type Page,
  STAFF_API_USAGE_DAYS_MAX,
  type StaffApiKeyItem,
  type StaffApiKeyQuery,
  type StaffApiKeyUsage,
  type StaffApiKeyUsageQuery,
  shanghaiDate,
  shanghaiMonth,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { filteredList, type Paging } from '../../lib/paging.js';
import type { AuditActor, RecordAudit } from '../staff/audit.js';
import {
  chargedCallsOfKeys,
  keyCallsPerDay,
  type StaffKeyFilter,
  type StaffKeyRow,
  staffKeyList,
  updateKeySuspended,
} from './repo.js';

const EXPORT_BATCH = 200;
const USAGE_DEFAULT_DAYS = 30;

interface ApiKeysConsoleDeps {
  db: Db;
  now: () => Date;
  /** The member's API package (commerce's). */
  surplus(userId: number): Promise<ApiSurplus>;
  audit: RecordAudit;
}

const statusOf = (row: Pick<StaffKeyRow, 'revoked_at' | 'suspended_at'>): StaffApiKeyItem['status'] =>
  row.revoked_at !== null ? 'revoked' : row.suspended_at !== null ? 'suspended' : 'active';

function filterOf(q: StaffApiKeyQuery): StaffKeyFilter {
  const member = q.member ?? '';
  // All digits: the member's id; else part of its username.
  const id = /^\d{1,9}$/.test(member) ? Number(member) : undefined;
  return { userId: id, username: id === undefined && member ? member : undefined, status: q.status };
}

export function createApiKeysConsole({ db, now, surplus, audit }: ApiKeysConsoleDeps) {
  /** Rows with this month's calls per key and each member's package, read once per member. */
  async function present(rows: StaffKeyRow[]): Promise<StaffApiKeyItem[]> {
    const month = `${shanghaiMonth(now().toISOString())}-01`;
    const [calls, quotas] = await Promise.all([
      chargedCallsOfKeys(
        db,
        rows.map((r) => r.id),
        month,
      ),
      Promise.all(
        [...new Set(rows.map((r) => r.user_id))].map(async (id) => [id, await surplus(id)] as const),
      ),
    ]);
    const callsOf = new Map(calls.map((c) => [c.key_id, Number(c.calls)]));
    const quotaOf = new Map(quotas);
    return rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      username: r.username,
      company_name: r.company_name,
      name: r.name,
      prefix: r.prefix,
      created_at: r.created_at,
      last_used_at: r.last_used_at,
      calls_month: callsOf.get(r.id) ?? 0,
      quota_total: quotaOf.get(r.user_id)?.total ?? 0,
      quota_used: quotaOf.get(r.user_id)?.used ?? 0,
      status: statusOf(r),
    }));
  }

  async function keyRow(id: number): Promise<StaffKeyRow> {
    const row = await staffKeyList.byId(db, id);
    if (!row) throw errors.consoleNotFound(MSG.apiKeyNotFound);
    return row;
  }

  async function setSuspended(actor: AuditActor, id: number, suspend: boolean, reason: string) {
    const row = await keyRow(id);
    if (row.revoked_at !== null) throw errors.badRequest(MSG.apiKeyRevokedAlready);
    const suspended = row.suspended_at !== null;
    if (suspend && suspended) throw errors.badRequest(MSG.apiKeyAlreadySuspended);
    if (!suspend && !suspended) throw errors.badRequest(MSG.apiKeyNotSuspended);
    await db.transaction().execute(async (trx) => {
      await updateKeySuspended(trx, id, suspend ? now().toISOString() : null);
      await audit(trx, {
        ...actor,
        action: suspend ? 'api.suspend_key' : 'api.resume_key',
        targetType: 'api_key',
        targetId: id,
        before: { status: statusOf(row) },
        after: { status: suspend ? 'suspended' : 'active' },
        reason,
      });
    });
    const [item] = await present([await keyRow(id)]);
    if (!item) throw errors.consoleNotFound(MSG.apiKeyNotFound);
    return item;
  }

  const keys = (query: StaffApiKeyQuery) => filteredList(staffKeyList, db, filterOf(query), present);

  return {
    list: (query: StaffApiKeyQuery, paging: Paging): Promise<Page<StaffApiKeyItem>> =>
      keys(query).page(paging),

    export: (query: StaffApiKeyQuery) => keys(query).export(now(), EXPORT_BATCH),

    /** The key's calls per day of the period (default the last 30 days), every day present. */
    async usage(id: number, query: StaffApiKeyUsageQuery): Promise<StaffApiKeyUsage> {
      await keyRow(id);
      const today = shanghaiDate(now().toISOString());
      const to = query.to ?? today;
      const from =
        query.from ??
        shanghaiDate(new Date(Date.parse(`${to}T00:00:00Z`) - (USAGE_DEFAULT_DAYS - 1) * DAY_MS));
      const span = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
      if (span < 1 || span > STAFF_API_USAGE_DAYS_MAX) throw errors.badRequest(MSG.apiUsagePeriodInvalid);
      const counted = new Map((await keyCallsPerDay(db, id, from, to)).map((d) => [d.day, d] as const));
      const days = Array.from({ length: span }, (_, i) => {
        const date = new Date(Date.parse(`${from}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
        const row = counted.get(date);
        return { date, calls: Number(row?.calls ?? 0), charged: Number(row?.charged ?? 0) };
      });
      return { from, to, days };
    },

    suspend: (actor: AuditActor, id: number, reason: string) => setSuspended(actor, id, true, reason),
    resume: (actor: AuditActor, id: number, reason: string) => setSuspended(actor, id, false, reason),
  };
}

export type ApiKeysConsole = ReturnType<typeof createApiKeysConsole>;
