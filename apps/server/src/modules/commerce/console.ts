// The console's 订单 section as commerce serves it: the filtered order list and its export, one order with everything
// that happened to it, the orders paid twice, and the two changes (确认转账 through transfer.ts, 退款 through
// refunds.ts), each audited inside its own transaction.
import { MSG, type StaffOrdersQuery } from '@uc/shared';
import type { RefundRow } from '../../db/schema.js';
import { errors } from '../../errors.js';
import { type Paging, readPage } from '../../lib/paging.js';
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
  consoleOrdersById,
  countConsoleOrders,
  eventsOfOrder,
  findConsoleOrder,
  listConsoleOrders,
} from './console-repo.js';
import type { AuditedBy, CommerceDeps } from './deps.js';
import { type Refunds, refundableOf } from './refunds.js';
import { findMembershipChange, orderAttempts } from './repo.js';
import { confirmTransfer } from './transfer.js';

const EXPORT_BATCH = 1_000;
const DAY_MS = 86_400_000;

const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`);

function filterOf(q: StaffOrdersQuery): ConsoleOrderFilter {
  return {
    ...(q.out_trade_no ? { outTradeNo: q.out_trade_no } : {}),
    ...(q.member ? { member: q.member } : {}),
    ...(q.mobile ? { mobile: q.mobile } : {}),
    ...(q.plan !== undefined ? { gid: q.plan } : {}),
    ...(q.channel ? { channel: q.channel } : {}),
    ...(q.state ? { status: q.state } : {}),
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

  return {
    page: (query: StaffOrdersQuery, paging: Paging) => {
      const filter = filterOf(query);
      return readPage(
        paging,
        async (limit, offset) => (await listConsoleOrders(db, filter, limit, offset)).map(toStaffOrder),
        () => countConsoleOrders(db, filter),
      );
    },

    /** Every order of the filter, newest first, a batch at a time (keyset on the id). */
    exportRows(query: StaffOrdersQuery) {
      const filter = filterOf(query);
      async function* rows() {
        let before: number | undefined;
        for (;;) {
          const batch = await listConsoleOrders(db, filter, EXPORT_BATCH, 0, before);
          yield* batch.map(toStaffOrder);
          if (batch.length < EXPORT_BATCH) return;
          before = batch[batch.length - 1]?.id;
        }
      }
      return { at: now(), rows: rows() };
    },

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
      await order(outTradeNo);
      const refund = await refunds.requestRefund({
        outTradeNo,
        amountFen: body.amount,
        reason: body.reason,
        staffId: audited.actor.staff.id,
        ...(body.attempt_id !== undefined ? { attemptId: body.attempt_id } : {}),
        audited,
      });
      return refundAnswer(refund);
    },

    /** 线下退款 of a transfer: through refunds.ts, settled and audited in one transaction. */
    async offlineRefund(
      outTradeNo: string,
      body: { amount: number; reason: string; bank_ref: string; refunded_on: string },
      audited: AuditedBy,
    ) {
      await order(outTradeNo);
      const refund = await refunds.recordOfflineRefund({
        outTradeNo,
        amountFen: body.amount,
        reason: body.reason,
        bankRef: body.bank_ref,
        refundedOn: body.refunded_on,
        staffId: audited.actor.staff.id,
        audited,
      });
      return refundAnswer(refund);
    },
  };
}

export type OrdersConsole = ReturnType<typeof createOrdersConsole>;
