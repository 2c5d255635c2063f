// SQL of the operator's invoice desk, for the console and `npm run invoices`: the queue with its filter, one request
// with its member and order, the order's row locked while issuing, and the red-letter numbers recorded once.
import { type Db, forUpdate } from '../../db/connection.js';
import { newestFirstList } from '../../db/listing.js';
import { INVOICE_COLUMNS } from './repo.js';

/** Every request in a state (the operator's list), oldest first. */
export function operatorList(db: Db, status: string | undefined, limit: number) {
  let query = db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.status', 'i.invoice_type', 'i.title', 'i.tax_no', 'i.amount_fen', 'i.created_at'])
    .select(['o.out_trade_no', 'u.username']);
  if (status !== undefined) query = query.where('i.status', '=', status);
  return query.orderBy('i.id').limit(limit).execute();
}

export interface DeskFilter {
  status?: string;
  /** A username, or a member id. */
  member?: string;
  outTradeNo?: string;
  title?: string;
  from?: string;
  until?: string;
}

function deskRows(db: Db, f: DeskFilter) {
  let query = db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('plans as p', 'p.gid', 'o.gid');
  if (f.status) query = query.where('i.status', '=', f.status);
  if (f.member) {
    const member = f.member;
    query = /^\d{1,9}$/.test(member)
      ? query.where((eb) => eb.or([eb('u.username', '=', member), eb('i.user_id', '=', Number(member))]))
      : query.where('u.username', '=', member);
  }
  if (f.outTradeNo) query = query.where('o.out_trade_no', '=', f.outTradeNo);
  if (f.title) query = query.where('i.title', 'like', `%${f.title.replace(/[\\%_]/g, '')}%`);
  if (f.from) query = query.where('i.created_at', '>=', f.from);
  if (f.until) query = query.where('i.created_at', '<', f.until);
  return query;
}

/** The queue, newest first (`beforeId` continues an export), with the member, the order and whether a PDF is kept. */
export const deskList = newestFirstList(
  deskRows,
  (query) =>
    query
      .select(INVOICE_COLUMNS.map((c) => `i.${c}` as const))
      .select(['o.out_trade_no', 'o.status as order_status', 'u.username', 'p.name as plan_name'])
      .select((eb) => eb('i.pdf', 'is not', null).as('has_pdf')),
  'i.id',
);

export type DeskRow = Awaited<ReturnType<typeof deskList.rows>>[number];

/** Records the red-letter number of a reversed invoice, once. */
export async function setRedNumber(db: Db, id: number, redNumber: string): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set({ red_number: redNumber })
    .where('id', '=', id)
    .where('status', '=', 'reversed')
    .where('red_number', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The order's row, locked until the commit on PostgreSQL (issuing waits for a refund of the order beside it). */
export async function lockOrderRow(db: Db, orderId: number): Promise<void> {
  await forUpdate(db, db.selectFrom('orders').select('id').where('id', '=', orderId)).executeTakeFirst();
}

/** Records the number of a red-letter invoice of the invoice, once. */
export async function setRedLetterNumber(
  db: Db,
  invoiceId: number,
  redId: number,
  number: string,
): Promise<boolean> {
  const result = await db
    .updateTable('invoice_red_letters')
    .set({ number })
    .where('id', '=', redId)
    .where('invoice_id', '=', invoiceId)
    .where('number', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
