// SQL of invoices: saved titles, the requests (one standing per order, by a partial unique index), the operator's
// issue / reject / reverse as conditional updates from the state they leave, and the outbox of the member's notice.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type {
  InvoiceRedLetterRow,
  InvoiceRow,
  InvoicesTable,
  InvoiceTitleRow,
  InvoiceTitlesTable,
} from '../../db/schema.js';

/** Every column but the PDF's bytes. */
export const INVOICE_COLUMNS = [
  'id',
  'user_id',
  'order_id',
  'invoice_type',
  'title_type',
  'title',
  'tax_no',
  'email',
  'address',
  'phone',
  'bank',
  'bank_account',
  'amount_fen',
  'status',
  'number',
  'red_number',
  'reason',
  'created_at',
  'issued_at',
  'closed_at',
  'notified_at',
] as const;
export type InvoiceFacts = Omit<InvoiceRow, 'pdf'>;

// --- Titles ---

export function listTitles(db: Db, userId: number): Promise<InvoiceTitleRow[]> {
  return db
    .selectFrom('invoice_titles')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countTitles(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('invoice_titles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Saves a title; the member's title of the same type and name is updated instead. */
export async function saveTitle(
  db: Db,
  row: Omit<Insertable<InvoiceTitlesTable>, 'id'>,
): Promise<InvoiceTitleRow> {
  const { created_at: _created, user_id: _user, title_type: _type, title: _title, ...changes } = row;
  return db
    .insertInto('invoice_titles')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'title_type', 'title']).doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findTitle(db: Db, id: number): Promise<InvoiceTitleRow | undefined> {
  return db.selectFrom('invoice_titles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteTitle(db: Db, id: number): Promise<void> {
  await db.deleteFrom('invoice_titles').where('id', '=', id).execute();
}

// --- Requests ---

/** An order with what an invoice needs of it: its member, state, paid amount and the goods' name and invoice rule. */
export function findOrder(db: Db, outTradeNo: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('plans as p', 'p.gid', 'o.gid')
    .select([
      'o.id',
      'o.user_id',
      'o.status',
      'o.final_fen',
      'o.out_trade_no',
      'p.name as plan_name',
      'p.plain_invoice_only',
    ])
    .where('o.out_trade_no', '=', outTradeNo)
    .executeTakeFirst();
}

export async function insertInvoice(
  db: Db,
  row: Omit<Insertable<InvoicesTable>, 'id'>,
): Promise<InvoiceFacts> {
  return db.insertInto('invoices').values(row).returning(INVOICE_COLUMNS).executeTakeFirstOrThrow();
}

export function findInvoice(db: Db, id: number): Promise<InvoiceFacts | undefined> {
  return db.selectFrom('invoices').select(INVOICE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findPdf(db: Db, id: number): Promise<Buffer | null> {
  const row = await db.selectFrom('invoices').select('pdf').where('id', '=', id).executeTakeFirst();
  return row?.pdf ? Buffer.from(row.pdf) : null;
}

/** A member's requests with their orders' numbers and names, newest first. */
export function listInvoices(
  db: Db,
  userId: number,
  status: string | undefined,
  limit: number,
  offset: number,
) {
  let query = db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('plans as p', 'p.gid', 'o.gid')
    .select(INVOICE_COLUMNS.map((c) => `i.${c}` as const))
    .select(['o.out_trade_no', 'p.name as plan_name'])
    .select((eb) => eb('i.pdf', 'is not', null).as('has_pdf'))
    .where('i.user_id', '=', userId);
  if (status !== undefined) query = query.where('i.status', '=', status);
  return query.orderBy('i.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countInvoices(db: Db, userId: number, status: string | undefined): Promise<number> {
  let query = db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
  if (status !== undefined) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The standing request (not rejected) of each of the orders. */
export async function standingOf(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('invoices')
    .select(['id', 'order_id', 'status', 'amount_fen'])
    .where('order_id', 'in', [...new Set(orderIds)])
    .where('status', '<>', 'rejected')
    .execute();
}

/** The operator's move from one state to the next; false when the request is not in `from` any more. */
export async function moveInvoice(
  db: Db,
  id: number,
  from: string,
  values: Partial<
    Pick<InvoiceRow, 'status' | 'number' | 'reason' | 'pdf' | 'issued_at' | 'closed_at' | 'amount_fen'>
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Issued invoices whose member was not told yet. */
export function unnotified(db: Db, limit: number) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.user_id', 'i.email', 'i.number', 'i.title', 'u.group_id'])
    .where('i.status', '=', 'issued')
    .where('i.notified_at', 'is', null)
    .orderBy('i.id')
    .limit(limit)
    .execute();
}

/** Claims the notice of an invoice (one instance sends it). */
export async function claimNotice(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set({ notified_at: at })
    .where('id', '=', id)
    .where('notified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// --- What the money says: the order's kept amount and the red-letter invoices ---

/** What an order paid, what its refunds returned of it (succeeded), and how many of them are still pending. */
export interface OrderMoney {
  orderId: number;
  paidFen: number;
  refundedFen: number;
  pendingRefunds: number;
}

/**
 * The money of each order: the paying attempt's amount (the order's price when none: nothing paid through a
 * channel), less its succeeded refunds (money paid twice is no part of what the order bought).
 */
export async function moneyOf(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderMoney>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders as o')
    .leftJoin('payment_attempts as a', 'a.id', 'o.paid_attempt_id')
    .leftJoin('refunds as r', (join) => join.onRef('r.attempt_id', '=', 'o.paid_attempt_id'))
    .select(['o.id', 'o.final_fen', 'a.amount_fen'])
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(
          eb.case().when('r.status', '=', 'succeeded').then(eb.ref('r.amount_fen')).else(0).end(),
        )
        .as('refunded'),
      eb.fn
        .sum<number | string | null>(eb.case().when('r.status', '=', 'pending').then(1).else(0).end())
        .as('pending'),
    ])
    .where('o.id', 'in', [...new Set(orderIds)])
    .groupBy(['o.id', 'o.final_fen', 'a.amount_fen'])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        orderId: r.id,
        paidFen: r.amount_fen ?? r.final_fen,
        refundedFen: Number(r.refunded ?? 0),
        pendingRefunds: Number(r.pending ?? 0),
      },
    ]),
  );
}

export function redLettersOf(db: Db, invoiceIds: readonly number[]): Promise<InvoiceRedLetterRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoice_red_letters')
    .selectAll()
    .where('invoice_id', 'in', [...new Set(invoiceIds)])
    .orderBy('id')
    .execute();
}

export async function insertRedLetter(
  db: Db,
  row: Omit<InvoiceRedLetterRow, 'id' | 'number'>,
): Promise<void> {
  await db.insertInto('invoice_red_letters').values(row).execute();
}

/** A request not issued yet follows a part refund: its amount lowers by it (never below 0). */
export async function lowerPendingAmount(db: Db, id: number, amountFen: number): Promise<void> {
  await db
    .updateTable('invoices')
    .set((eb) => ({
      amount_fen: eb
        .case()
        .when('amount_fen', '>', amountFen)
        .then(eb('amount_fen', '-', amountFen))
        .else(0)
        .end(),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
