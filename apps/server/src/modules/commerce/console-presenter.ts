// Rows of the console's 订单 section turned into the shared answers of packages/shared/src/staff-orders.ts (money in
// yuan), so no row leaks to the console.
import {
  type AttemptStatus,
  fenToYuan,
  type OrderStatus,
  type StaffAttempt,
  type StaffMembershipChange,
  type StaffOrder,
  type StaffOrderDetail,
  type StaffPaymentEvent,
  type StaffRefund,
  type StaffRefundable,
} from '@uc/shared';
import type { MembershipChangeRow, PaymentAttemptRow, RefundRow } from '../../db/schema.js';
import type { ConsoleOrderRow, PaymentEventRow } from './console-repo.js';
import type { RefundableAttempt } from './refunds.js';

export function toStaffOrder(row: ConsoleOrderRow): StaffOrder {
  return {
    out_trade_no: row.out_trade_no,
    user_id: row.user_id,
    username: row.username,
    mobile: row.mobile,
    gid: row.gid,
    plan_name: row.plan_name ?? '',
    count: row.count,
    channel: row.channel,
    amount: fenToYuan(row.final_fen),
    status: row.status as OrderStatus,
    owed: fenToYuan(row.refund_fen),
    paid_late: row.paid_late === 1,
    created_at: row.created_at,
    paid_at: row.paid_at,
    pack_id: row.pack_id,
    gift_id: row.gift_id,
  };
}

export function toStaffOrderFull(row: ConsoleOrderRow): StaffOrderDetail['order'] {
  return {
    ...toStaffOrder(row),
    company_name: row.company_name,
    total: fenToYuan(row.total_fen),
    credit: fenToYuan(row.credit_fen),
    coupon: fenToYuan(row.coupon_fen),
    late_time: row.late_time,
    expiry_before: row.expiry_before,
    expiry_after: row.expiry_after,
  };
}

export const toStaffAttempt = (a: PaymentAttemptRow): StaffAttempt => ({
  id: a.id,
  seq: a.seq,
  trade_no: a.trade_no,
  provider: a.provider,
  channel: a.channel,
  amount: fenToYuan(a.amount_fen),
  status: a.status as AttemptStatus,
  provider_txn_id: a.provider_txn_id,
  created_at: a.created_at,
  paid_at: a.paid_at,
  refunded: fenToYuan(a.refunded_fen),
});

export const toStaffEvent = (e: PaymentEventRow): StaffPaymentEvent => ({
  id: e.id,
  provider: e.provider,
  kind: e.kind,
  event_id: e.event_id,
  trade_no: e.trade_no,
  verified: e.verified === 1,
  outcome: e.outcome,
  reason: e.reason,
  amount: e.amount_fen === null ? null : fenToYuan(e.amount_fen),
  created_at: e.created_at,
});

export const toStaffMembershipChange = (c: MembershipChangeRow): StaffMembershipChange => ({
  kind: c.kind,
  gid_before: c.gid_before,
  gid_after: c.gid_after,
  level_before: c.level_before,
  level_after: c.level_after,
  expiry_before: c.expiry_before,
  expiry_after: c.expiry_after,
  api_calls_added: c.api_calls_added,
  units: c.units,
  created_at: c.created_at,
});

export const toStaffRefund = (r: RefundRow, tradeNo: string): StaffRefund => ({
  refund_no: r.refund_no,
  trade_no: tradeNo,
  provider: r.provider,
  amount: fenToYuan(r.amount_fen),
  reason: r.reason,
  status: r.status as StaffRefund['status'],
  whole: r.whole === 1,
  staff_id: r.staff_id,
  created_at: r.created_at,
  settled_at: r.settled_at,
  bank_ref: r.bank_ref,
  refunded_on: r.refunded_on,
});

/** A paid attempt money can still be refunded from (fen in, yuan out). */
export const toStaffRefundable = (a: RefundableAttempt): StaffRefundable => ({
  attempt_id: a.id,
  trade_no: a.tradeNo,
  provider: a.provider,
  paid: fenToYuan(a.paidFen),
  refundable: fenToYuan(a.refundableFen),
  paying: a.paying,
  offline: a.offline,
});
