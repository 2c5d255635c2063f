// The console's 订单 section as commerce serves it: the filtered order list and its export, one order with everything
// that happened to it, the orders paid twice, and the two changes (确认转账 through transfer.ts, 退款 through
// refunds.ts), each audited inside its own transaction. Below, its 概览: the period's figures day by day
// (Asia/Shanghai) — revenue per channel, new and paying members, orders by state, refunds — for the page's cards and
// charts and for its .xlsx export.
import {
  DAY_MS,
  MSG,
  ORDER_STATUS_NAMES,
  ORDER_STATUSES,
  OVERVIEW_DEFAULT_DAYS,
  OVERVIEW_MAX_DAYS,
  type Overview,
  type OverviewDay,
  type OverviewQuery,
  PAY_CHANNEL_NAMES,
  type StaffOrdersQuery,
  shanghaiDate,
  shanghaiDayBounds,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { RefundRow } from '../../db/schema.js';
import { errors } from '../../errors.js';
import { filteredList, givenFields, type Paging } from '../../lib/paging.js';
import {
  toStaffAttempt,
  toStaffEvent,
  toStaffMembershipChange,
  toStaffOrder,
  toStaffOrderFull,
  toStaffRefund,
  toStaffRefundable,
} from './console-presenter.js';
import {
  type ConsoleOrderFilter,
  consoleOrderList,
  consoleOrdersById,
  eventsOfOrder,
  findConsoleOrder,
  newMembersByHour,
  ordersByHour,
  payersByHour,
  refundsByHour,
  revenueByHour,
} from './console-repo.js';
import type { AuditedBy, CommerceDeps } from './deps.js';
import { type Refunds, refundableOf } from './refunds.js';
import { findMembershipChange, orderAttempts } from './repo.js';
import { confirmTransfer } from './transfer.js';

const EXPORT_BATCH = 1_000;

const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`);

function filterOf(q: StaffOrdersQuery): ConsoleOrderFilter {
  return {
    ...givenFields({
      outTradeNo: q.out_trade_no,
      member: q.member,
      mobile: q.mobile,
      gid: q.plan,
      channel: q.channel,
      status: q.state,
    }),
    // The default view lists the orders the member tried to pay; 未发起支付 the others; 全部 both.
    ...(q.tried === 'all' ? {} : { tried: q.tried !== 'no' }),
    ...(q.from ? { from: dayStart(q.from).toISOString() } : {}),
    ...(q.to ? { until: new Date(dayStart(q.to).getTime() + DAY_MS).toISOString() } : {}),
  };
}

export function createOrdersConsole(
  { db, now, goods }: Pick<CommerceDeps, 'db' | 'now' | 'goods'>,
  refunds: Pick<Refunds, 'requestRefund' | 'recordOfflineRefund' | 'doublePaidOrders' | 'refundsOf'>,
) {
  async function refundAnswer(refund: RefundRow) {
    const attempt = (await orderAttempts(db, refund.order_id)).find((a) => a.id === refund.attempt_id);
    return toStaffRefund(refund, attempt?.trade_no ?? '');
  }

  async function order(outTradeNo: string) {
    const row = await findConsoleOrder(db, outTradeNo);
    if (!row) throw errors.orderNotFound();
    return row;
  }

  /** What each staff refund of an order passes to refunds.ts, once the order is known (else 404). */
  async function refundAsked(
    outTradeNo: string,
    body: { amount: number; reason: string },
    audited: AuditedBy,
  ) {
    await order(outTradeNo);
    return {
      outTradeNo,
      amountFen: body.amount,
      reason: body.reason,
      staffId: audited.actor.staff.id,
      audited,
    };
  }

  const orders = (query: StaffOrdersQuery) =>
    filteredList(consoleOrderList, db, filterOf(query), (rows) => rows.map(toStaffOrder));

  return {
    page: (query: StaffOrdersQuery, paging: Paging) => orders(query).page(paging),

    /** Every order of the filter, newest first, a batch at a time (keyset on the id). */
    exportRows: (query: StaffOrdersQuery) => orders(query).export(now(), EXPORT_BATCH),

    async detail(outTradeNo: string) {
      const row = await order(outTradeNo);
      const [attempts, events, change, refundRows] = await Promise.all([
        orderAttempts(db, row.id),
        eventsOfOrder(db, row.id),
        findMembershipChange(db, row.id),
        refunds.refundsOf(row.id),
      ]);
      const tradeNoOf = (attemptId: number) => attempts.find((a) => a.id === attemptId)?.trade_no ?? '';
      return {
        order: toStaffOrderFull(row),
        attempts: attempts.map(toStaffAttempt),
        events: events.map(toStaffEvent),
        membership: change ? toStaffMembershipChange(change) : null,
        refunds: refundRows.map((r) => toStaffRefund(r, tradeNoOf(r.attempt_id))),
        refundable: refundableOf(row, attempts).map(toStaffRefundable),
      };
    },

    async doublePaid() {
      const owed = await refunds.doublePaidOrders();
      const rows = new Map(
        (
          await consoleOrdersById(
            db,
            owed.map((o) => o.order.id),
          )
        ).map((r) => [r.id, r]),
      );
      return owed.flatMap(({ order: o, attempts }) => {
        const row = rows.get(o.id);
        return row ? [{ order: toStaffOrder(row), attempts: attempts.map(toStaffRefundable) }] : [];
      });
    },

    /** 确认转账: the amount must equal the order's; a repeat is refused (it was credited once). */
    async confirmTransfer(outTradeNo: string, amountFen: number, audited: AuditedBy & { reason: string }) {
      await order(outTradeNo);
      const result = await confirmTransfer({ db, goods }, now(), outTradeNo, amountFen, audited);
      if (!result.ok) {
        if (result.reason === 'amount_mismatch') throw errors.badRequest(MSG.transferAmountMismatch);
        if (result.reason === 'not_found') throw errors.orderNotFound();
        throw errors.badRequest(MSG.orderNotAwaitingTransfer);
      }
      const after = await order(outTradeNo);
      if (result.result.outcome === 'already_credited') {
        // transfer.ts reads a paid order without an open transfer as a repeat: only a transfer's order is one.
        throw errors.badRequest(
          after.channel === 'transfer' ? MSG.transferAlreadyConfirmed : MSG.orderNotAwaitingTransfer,
        );
      }
      return toStaffOrder(after);
    },

    /** 退款: through refunds.ts, the audit row in the refund's own transaction. */
    async refund(
      outTradeNo: string,
      body: { amount: number; reason: string; attempt_id?: number | undefined },
      audited: AuditedBy,
    ) {
      const refund = await refunds.requestRefund({
        ...(await refundAsked(outTradeNo, body, audited)),
        ...(body.attempt_id !== undefined ? { attemptId: body.attempt_id } : {}),
      });
      return refundAnswer(refund);
    },

    /** 线下退款 of a transfer: through refunds.ts, settled and audited in one transaction. */
    async offlineRefund(
      outTradeNo: string,
      body: { amount: number; reason: string; bank_ref: string; refunded_on: string },
      audited: AuditedBy,
    ) {
      const refund = await refunds.recordOfflineRefund({
        ...(await refundAsked(outTradeNo, body, audited)),
        bankRef: body.bank_ref,
        refundedOn: body.refunded_on,
      });
      return refundAnswer(refund);
    },
  };
}

export type OrdersConsole = ReturnType<typeof createOrdersConsole>;

// 概览

/** The Shanghai day of a UTC hour 'YYYY-MM-DDTHH'. */
const dayOfHour = (hour: string) => shanghaiDate(`${hour}:00:00.000Z`);

const dateAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period the query names: default the last 30 days; from <= to, at most OVERVIEW_MAX_DAYS days. */
export function periodOf(query: OverviewQuery, now: Date): { from: string; to: string; dates: string[] } {
  const to = query.to ?? shanghaiDate(now);
  const from = query.from ?? dateAfter(to, -(OVERVIEW_DEFAULT_DAYS - 1));
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (!(span >= 1 && span <= OVERVIEW_MAX_DAYS)) throw errors.badRequest(MSG.overviewRangeInvalid);
  return { from, to, dates: Array.from({ length: span }, (_, i) => dateAfter(from, i)) };
}

export function createOverview({ db, now }: { db: Db; now: () => Date }) {
  return {
    async read(query: OverviewQuery): Promise<Overview> {
      const { from, to, dates } = periodOf(query, now());
      const bounds = shanghaiDayBounds(from, to);
      const [start, until] = [bounds.from ?? '', bounds.until ?? ''];
      const [revenue, members, payers, orders, refunds] = await Promise.all([
        revenueByHour(db, start, until),
        newMembersByHour(db, start, until),
        payersByHour(db, start, until),
        ordersByHour(db, start, until),
        refundsByHour(db, start, until),
      ]);
      const days = new Map<string, OverviewDay & { payers: Set<number> }>(
        dates.map((date) => [
          date,
          {
            date,
            revenue_fen: 0,
            by_channel: {},
            new_members: 0,
            paying_members: 0,
            orders: 0,
            refunds: 0,
            refund_fen: 0,
            payers: new Set(),
          },
        ]),
      );
      // Every bucket lies inside the period's bounds, so its day is one of `dates`.
      const dayOf = (hour: string) => days.get(dayOfHour(hour));
      const channels = new Map<string, number>();
      for (const r of revenue) {
        const day = dayOf(r.hour);
        if (!day) continue;
        const fen = Number(r.fen ?? 0);
        day.revenue_fen += fen;
        day.by_channel[r.channel] = (day.by_channel[r.channel] ?? 0) + fen;
        channels.set(r.channel, (channels.get(r.channel) ?? 0) + fen);
      }
      for (const r of members) {
        const day = dayOf(r.hour);
        if (day) day.new_members += Number(r.n);
      }
      const allPayers = new Set<number>();
      for (const r of payers) {
        dayOf(r.hour)?.payers.add(r.user_id);
        allPayers.add(r.user_id);
      }
      const byStatus = new Map<string, number>();
      for (const r of orders) {
        const day = dayOf(r.hour);
        if (day) day.orders += Number(r.n);
        byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + Number(r.n));
      }
      for (const r of refunds) {
        const day = dayOf(r.hour);
        if (!day) continue;
        day.refunds += Number(r.n);
        day.refund_fen += Number(r.fen ?? 0);
      }
      const list = [...days.values()].map(({ payers: dayPayers, ...day }) => ({
        ...day,
        paying_members: dayPayers.size,
      }));
      const sum = (pick: (d: OverviewDay) => number) => list.reduce((n, d) => n + pick(d), 0);
      return {
        from,
        to,
        days: list,
        channels: [...channels]
          .sort((a, b) => b[1] - a[1])
          .map(([channel, fen]) => ({
            channel,
            name: PAY_CHANNEL_NAMES[channel] ?? channel,
            revenue_fen: fen,
          })),
        orders_by_status: ORDER_STATUSES.filter((s) => byStatus.has(s)).map((status) => ({
          status,
          name: ORDER_STATUS_NAMES[status],
          count: byStatus.get(status) ?? 0,
        })),
        totals: {
          revenue_fen: sum((d) => d.revenue_fen),
          new_members: sum((d) => d.new_members),
          paying_members: allPayers.size,
          orders: sum((d) => d.orders),
          refunds: sum((d) => d.refunds),
          refund_fen: sum((d) => d.refund_fen),
        },
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverview>;
