// Coupon templates as the operator runs them, the one way both the console and `npm run coupons` do: the rule of
// `couponTemplateBody` (packages/shared) into a row, create / edit / stop, and issuing to members by username or id,
// each change with its audit row in one transaction.
import {
  COUPON_KINDS,
  COUPON_TEMPLATE_STATES,
  type CouponKind,
  type CouponTemplate,
  type CouponTemplateValues,
  type couponTemplateQuery,
  fenToYuan,
  type IssueCouponsResult,
  MSG,
  type Page,
} from '@uc/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import type { CouponTemplateRow } from '../../db/schema.js';
import { AppError, errors } from '../../errors.js';
import { filteredList, type Paging } from '../../lib/paging.js';
import type { AuditActor, RecordAudit } from '../staff/audit.js';
import {
  findAccounts,
  insertTemplate,
  type NewTemplate,
  setTemplateStatus,
  templateList,
  updateTemplate,
} from './console-repo.js';
import { findTemplate, goodsNames } from './repo.js';
import { ruleText, scopeOf, scopeText } from './rules.js';
import { issueCoupon, issueRefusal } from './service.js';

/** A Shanghai day as the instant it starts (`end`: the instant after it ends); null for no such date. */
function dayInstant(text: string, end: boolean): string | null {
  const at = Date.parse(`${text}T00:00:00.000+08:00`);
  if (Number.isNaN(at) || new Date(at + 8 * 3_600_000).toISOString().slice(0, 10) !== text) return null;
  return new Date(at + (end ? 86_400_000 : 0)).toISOString();
}

/** The row of a template's values (checked by couponTemplateBody); a fixed window must end after today. */
export function templateRow(v: CouponTemplateValues, now: Date): Omit<NewTemplate, 'status' | 'created_at'> {
  const from = v.valid_from === undefined ? undefined : dayInstant(v.valid_from, false);
  const until = v.valid_until === undefined ? undefined : dayInstant(v.valid_until, true);
  if (from === null || until === null) throw errors.badRequest(MSG.templateInvalid);
  if (until !== undefined && until <= (from ?? now.toISOString()))
    throw errors.badRequest(MSG.templateInvalid);
  return {
    name: v.name,
    kind: v.kind,
    threshold_fen: v.kind === 'full_reduction' ? (v.threshold ?? 0) : 0,
    discount_fen: v.kind === 'discount' ? 0 : (v.amount ?? 0),
    percent: v.kind === 'discount' ? (v.percent ?? null) : null,
    max_discount_fen: v.kind === 'discount' ? (v.cap ?? null) : null,
    scope_gids: v.plans ? JSON.stringify(v.plans) : null,
    total_count: v.total_count ?? null,
    take_limit: v.take_limit ?? null,
    valid_days: v.valid_days ?? null,
    valid_start: v.valid_days === undefined ? (from ?? now.toISOString()) : null,
    valid_end: until ?? null,
    on_register: v.on_register ? 1 : 0,
  };
}

const kindOf = (kind: string): CouponKind =>
  (COUPON_KINDS as readonly string[]).includes(kind) ? (kind as CouponKind) : 'voucher';

export function toCouponTemplate(row: CouponTemplateRow, names: ReadonlyMap<number, string>): CouponTemplate {
  return {
    id: row.id,
    name: row.name,
    kind: kindOf(row.kind),
    threshold: fenToYuan(row.threshold_fen),
    amount: fenToYuan(row.discount_fen),
    percent: row.percent,
    cap: row.max_discount_fen === null ? null : fenToYuan(row.max_discount_fen),
    plans: scopeOf(row),
    rule: ruleText(row),
    scope: scopeText(row, names),
    valid_days: row.valid_days,
    valid_start: row.valid_start,
    valid_end: row.valid_end,
    total_count: row.total_count,
    take_limit: row.take_limit,
    issued_count: row.issued_count,
    on_register: row.on_register === 1,
    status: (COUPON_TEMPLATE_STATES as readonly string[]).includes(row.status)
      ? (row.status as 'active')
      : 'stopped',
    created_at: row.created_at,
  };
}

/** The audit's picture of a template: its stored values. */
const auditView = ({ id: _id, created_at: _at, ...row }: CouponTemplateRow) => row;

const notFound = () => new AppError(404, 404, MSG.templateNotFound);

type TemplateQuery = z.output<typeof couponTemplateQuery>;

export function createCouponTemplates({ db, now, audit }: { db: Db; now: () => Date; audit: RecordAudit }) {
  async function present(row: CouponTemplateRow): Promise<CouponTemplate> {
    return toCouponTemplate(row, await goodsNames(db));
  }

  async function existing(q: Db, id: number): Promise<CouponTemplateRow> {
    const row = await findTemplate(q, id);
    if (!row) throw notFound();
    return row;
  }

  /** The templates of the filter, with the goods' names read once. */
  function templates(query: TemplateQuery) {
    let names: Promise<Map<number, string>> | undefined;
    return filteredList(templateList, db, query, async (rows) => {
      names ??= goodsNames(db);
      const known = await names;
      return rows.map((r) => toCouponTemplate(r, known));
    });
  }

  return {
    list: (query: TemplateQuery, paging: Paging): Promise<Page<CouponTemplate>> =>
      templates(query).page(paging),

    /** The list's rows for its .xlsx, a batch of rows at a time. */
    exportRows: (query: TemplateQuery): AsyncIterable<CouponTemplate> => templates(query).all(),

    async create(values: CouponTemplateValues, actor: AuditActor, reason: string): Promise<CouponTemplate> {
      const at = now();
      const row = templateRow(values, at);
      const saved = await db.transaction().execute(async (trx) => {
        const inserted = await insertTemplate(trx, {
          ...row,
          status: 'active',
          created_at: at.toISOString(),
        });
        await audit(trx, {
          ...actor,
          action: 'coupons.create_template',
          targetType: 'coupon_template',
          targetId: inserted.id,
          after: auditView(inserted),
          reason,
        });
        return inserted;
      });
      return present(saved);
    },

    /** A new rule for coupons issued from now on (those issued keep theirs); the total never below those issued. */
    async update(
      id: number,
      values: CouponTemplateValues,
      actor: AuditActor,
      reason: string,
    ): Promise<CouponTemplate> {
      const row = templateRow(values, now());
      const saved = await db.transaction().execute(async (trx) => {
        const before = await existing(trx, id);
        if (row.total_count != null && row.total_count < before.issued_count)
          throw errors.badRequest(MSG.templateInvalid);
        await updateTemplate(trx, id, row);
        const after = await existing(trx, id);
        await audit(trx, {
          ...actor,
          action: 'coupons.update_template',
          targetType: 'coupon_template',
          targetId: id,
          before: auditView(before),
          after: auditView(after),
          reason,
        });
        return after;
      });
      return present(saved);
    },

    /** 停用: no more are issued; those issued stay usable. */
    async disable(id: number, actor: AuditActor, reason: string): Promise<CouponTemplate> {
      const saved = await db.transaction().execute(async (trx) => {
        const before = await existing(trx, id);
        if (before.status === 'stopped') throw errors.badRequest(MSG.templateStopped);
        await setTemplateStatus(trx, id, 'stopped');
        const after = await existing(trx, id);
        await audit(trx, {
          ...actor,
          action: 'coupons.disable_template',
          targetType: 'coupon_template',
          targetId: id,
          before: { status: before.status },
          after: { status: after.status },
          reason,
        });
        return after;
      });
      return present(saved);
    },

    /**
     * One coupon of the template to each member (a username, or an id of digits), within its stock and per-member
     * limit; unknown members, sub-accounts and refusals are skipped with why. One transaction with its audit row.
     */
    async issue(
      id: number,
      members: readonly string[],
      actor: AuditActor,
      reason: string,
    ): Promise<IssueCouponsResult & { coupons: { member: string; couponId: number; name: string }[] }> {
      const refs = [...new Set(members.map((m) => m.trim()).filter(Boolean))];
      const ids = refs.filter((r) => /^\d{1,9}$/.test(r)).map(Number);
      const accounts = await findAccounts(db, refs, ids);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const template = await existing(trx, id);
        if (template.status !== 'active') throw errors.badRequest(MSG.templateStopped);
        const result: IssueCouponsResult = { issued: 0, skipped: 0, skipped_members: [] };
        // What each member got (the command line prints it; the console's answer leaves it out).
        const coupons: { member: string; couponId: number; name: string }[] = [];
        const done = new Set<number>();
        for (const ref of refs) {
          const account =
            accounts.find((a) => a.username === ref) ?? accounts.find((a) => String(a.id) === ref);
          const skip = (why: string) => {
            result.skipped += 1;
            result.skipped_members.push({ member: ref, reason: why });
          };
          if (!account || account.parent_id !== null) {
            skip(MSG.issueMemberUnknown);
            continue;
          }
          // The same member named twice (by name and by id) gets one.
          if (done.has(account.id)) continue;
          done.add(account.id);
          const issued = await issueCoupon(trx, {
            templateId: id,
            userId: account.id,
            source: 'operator',
            at,
          });
          if (issued.issued) {
            result.issued += 1;
            coupons.push({ member: ref, couponId: issued.coupon.id, name: template.name });
          } else skip(issueRefusal(issued.reason));
        }
        await audit(trx, {
          ...actor,
          action: 'coupons.issue',
          targetType: 'coupon_template',
          targetId: id,
          before: { issued_count: template.issued_count },
          after: { issued_count: template.issued_count + result.issued, ...result },
          reason,
        });
        return { ...result, coupons };
      });
    },
  };
}

export type CouponTemplates = ReturnType<typeof createCouponTemplates>;
