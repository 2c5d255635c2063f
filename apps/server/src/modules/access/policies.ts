// Record-level authorization: whether a caller may act on one record it named. Who may call a route at all is the
// route's `config` (plugins/auth.ts, staff-auth.ts, api-key-auth.ts); once the route runs, the service loads the
// record and asks `authorize(principal, action, record)`, which throws the action's own answer when the record is
// missing or not the caller's and hands the record back when it is. The rules are a table of small pure functions
// keyed by action, so every "is it mine" of the server is read in one place. This file imports no module.
import { MSG, type StaffPermission } from '@uc/shared';
import { type AppError, errors } from '../../errors.js';
import type { ApiKeyCaller } from '../../plugins/api-key-auth.js';
import type { Member } from '../../plugins/auth.js';
import type { StaffPrincipal } from '../../plugins/staff-auth.js';

/** Who acts: a signed-in member (its main account owns the data), a staff member, or a caller of the open API. */
export type Principal =
  | {
      kind: 'member';
      /** The main account: owner of what a sub-account reads. */
      ownerId: number;
      /** The caller's own account (a sub-account's, not its main account's). */
      accountId: number;
      role: 'main' | 'sub';
    }
  | { kind: 'staff'; staffId: number; permissions: readonly StaffPermission[] }
  /** A bearer API key: it acts for the member that owns it. */
  | { kind: 'apiCaller'; keyId: number; ownerId: number };

/** The principal of a signed-in member (`request.member`). */
export const memberPrincipal = (member: Pick<Member, 'ownerId' | 'accountId' | 'isSub'>): Principal => ({
  kind: 'member',
  ownerId: member.ownerId,
  accountId: member.accountId,
  role: member.isSub ? 'sub' : 'main',
});

/** The principal of a main account acting for itself: the caller of an `access: 'main' | 'packages'` route. */
export const mainAccount = (accountId: number): Principal => ({
  kind: 'member',
  ownerId: accountId,
  accountId,
  role: 'main',
});

/** The principal of a console route (`request.staff`). */
export const staffPrincipal = (staff: Pick<StaffPrincipal, 'id' | 'permissions'>): Principal => ({
  kind: 'staff',
  staffId: staff.id,
  permissions: staff.permissions,
});

/** The principal of an open API route (`request.apiCaller`). */
export const apiPrincipal = (caller: ApiKeyCaller): Principal => ({
  kind: 'apiCaller',
  keyId: caller.keyId,
  ownerId: caller.userId,
});

/** A row a member owns: `user_id` is its main account. */
export interface Owned {
  user_id: number;
}

/** A row of `users` as 子账号管理 reads it. */
export interface SubAccountRecord {
  is_sub: number;
  parent_id: number | null;
}

/** A ticket: opened by `user_id`, of the team of main account `owner_id`. */
export interface TicketRecord {
  user_id: number;
  owner_id: number;
}

type Rule<R> = (principal: Principal, record: R) => boolean;

interface Policy<R> {
  allow: Rule<R>;
  /** The answer when the record is another's (the 403 each call has always given). */
  refused: () => AppError;
  /** The answer when the record does not exist. */
  missing: () => AppError;
}

/** The member that owns the record changes it. */
const ownerWrites: Rule<Owned> = (p, r) => p.kind === 'member' && p.ownerId === r.user_id;

/** The member that owns the record, or a key of that member, reads it; so does staff holding `permission`. */
const ownerReads =
  (permission?: StaffPermission): Rule<Owned> =>
  (p, r) =>
    p.kind === 'staff'
      ? permission !== undefined && p.permissions.includes(permission)
      : p.ownerId === r.user_id;

/**
 * A ticket: its opener, or the team's main account; staff holding `permission`. (Another team's ticket is never
 * loaded for a member: the lookup is the team's, so it answers 404 like a missing one.)
 */
const ticketRule =
  (permission: StaffPermission): Rule<TicketRecord> =>
  (p, r) =>
    p.kind === 'staff'
      ? p.permissions.includes(permission)
      : p.kind === 'member' && p.ownerId === r.owner_id && (p.role === 'main' || p.accountId === r.user_id);

/** A main account manages its own sub-accounts only. */
const parentManages: Rule<SubAccountRecord> = (p, r) =>
  p.kind === 'member' && p.role === 'main' && r.is_sub === 1 && r.parent_id === p.accountId;

const ticketNotFound = () => errors.consoleNotFound(MSG.ticketNotFound);

const policy = <R>(
  allow: Rule<R>,
  refused: () => AppError,
  missing: () => AppError = errors.notFound,
): Policy<R> => ({
  allow,
  refused,
  missing,
});

const POLICIES = {
  /** 发票: its PDF. */
  'invoice.read': policy(ownerReads('invoices.read'), errors.forbidden),
  /** 发票抬头: deleting a saved title. */
  'invoiceTitle.delete': policy(ownerWrites, errors.forbidden),
  /** 申请发票 for an order. */
  'order.invoice': policy(ownerWrites, errors.forbidden),
  /** 我的订单: an order's detail and payment status. */
  'order.read': policy(ownerReads('orders.read'), errors.forbidden),
  /** Paying an order: a QR code or a corporate transfer. */
  'order.pay': policy(ownerWrites, errors.forbidden),
  /** A customer's record, patents, grade and facts. */
  'customer.read': policy(ownerReads(), errors.customerForbidden),
  /** Saving, tagging, noting, deleting a customer. */
  'customer.write': policy(ownerWrites, errors.customerForbidden),
  /** A customer import's progress and result. */
  'customerImport.read': policy(ownerReads(), errors.forbidden),
  /** Editing or deleting a 资金申报 record. */
  'fundingRecord.write': policy(ownerWrites, errors.fundingForbidden),
  /** Revoking an API key. */
  'apiKey.revoke': policy(ownerWrites, errors.forbidden),
  /** 我的订阅 of the main account `user_id` (the `mainid` a call names). */
  'feed.read': policy(ownerReads(), errors.feedForbidden),
  /** 工单: reading a ticket and its attachments. */
  'ticket.read': policy(ticketRule('tickets.read'), errors.forbidden, ticketNotFound),
  /** 工单: replying to, closing or rating a ticket. */
  'ticket.reply': policy(ticketRule('tickets.write'), errors.forbidden, ticketNotFound),
  /** 子账号管理: editing, enabling, deleting one sub-account. */
  'subAccount.manage': policy(parentManages, errors.subAccountNotYours, errors.subAccountNotFound),
} as const;

export type Action = keyof typeof POLICIES;

/** The record shape an action's rule reads. */
export type RecordOf<A extends Action> = (typeof POLICIES)[A] extends Policy<infer R> ? R : never;

const policyOf = <A extends Action>(action: A) => POLICIES[action] as Policy<RecordOf<A>>;

/** Whether `principal` may do `action` on `record` (the rule alone, nothing thrown). */
export function can<A extends Action>(principal: Principal, action: A, record: RecordOf<A>): boolean {
  return policyOf(action).allow(principal, record);
}

/**
 * The record, when `principal` may do `action` on it; throws the action's answer for a missing record (null or
 * undefined: the lookup found nothing), then its refusal.
 */
export function authorize<A extends Action, R extends RecordOf<A>>(
  principal: Principal,
  action: A,
  record: R | null | undefined,
): R {
  const rule = policyOf(action);
  if (record === null || record === undefined) throw rule.missing();
  if (!rule.allow(principal, record)) throw rule.refused();
  return record;
}

/**
 * The records of a batch, when `principal` may do `action` on every one: the refusal when any is refused, then the
 * missing answer when fewer were found than the `asked` ids (unset: the ids not found are simply left out).
 */
export function authorizeAll<A extends Action, R extends RecordOf<A>>(
  principal: Principal,
  action: A,
  records: readonly R[],
  asked?: number,
): readonly R[] {
  const rule = policyOf(action);
  if (records.some((record) => !rule.allow(principal, record))) throw rule.refused();
  if (asked !== undefined && records.length !== asked) throw rule.missing();
  return records;
}
