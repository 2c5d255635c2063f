// The operator's invoice desk, the one way both the console and `npm run invoices` issue (the PDF and its number, at
// what the order kept: paid less refunded), reject (the member sees the reason) and reverse (红冲, only once the order
// was refunded) an invoice: each move a conditional update from the state it leaves, with its audit row in the same
// transaction. Each answer carries the order's money (paid, refunded, kept) and the invoice's red-letter invoices. An
// issued invoice's member is told by the service's outbox poller (消息中心, push, mail), whichever path issued it.
import {
  fenToYuan,
  INVOICE_PDF_MAX_BYTES,
  MSG,
  type Page,
  type StaffAction,
  type StaffInvoice,
  type StaffInvoiceQuery,
  shanghaiDayRange,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { InvoiceRedLetterRow } from '../../db/schema.js';
import { AppError, errors } from '../../errors.js';
import { filteredList, givenFields, type Paging } from '../../lib/paging.js';
import type { AuditActor, RecordAudit } from '../staff/audit.js';
import {
  type DeskFilter,
  type DeskRow,
  deskList,
  lockOrderRow,
  setRedLetterNumber,
  setRedNumber,
} from './console-repo.js';
import { buyerOf, invoicedFen, statusOf, titleTypeOf, toRedLetter, typeOf } from './presenter.js';
import { findPdf, insertRedLetter, moneyOf, moveInvoice, type OrderMoney } from './repo.js';
import { keptOf, redLettersByInvoice } from './service.js';

export function toStaffInvoice(
  row: DeskRow,
  money: OrderMoney | undefined,
  reds: readonly InvoiceRedLetterRow[],
): StaffInvoice {
  const paidFen = money?.paidFen ?? row.amount_fen;
  const refundedFen = money?.refundedFen ?? 0;
  return {
    id: row.id,
    status: statusOf(row.status),
    invoice_type: typeOf(row.invoice_type),
    title_type: titleTypeOf(row.title_type),
    ...buyerOf(row),
    amount: fenToYuan(row.amount_fen),
    paid: fenToYuan(paidFen),
    refunded: fenToYuan(refundedFen),
    kept: fenToYuan(Math.max(0, paidFen - refundedFen)),
    invoiced: fenToYuan(invoicedFen(row, reds)),
    red_letters: reds.map(toRedLetter),
    user_id: row.user_id,
    username: row.username,
    out_trade_no: row.out_trade_no,
    order_name: row.plan_name,
    order_status: row.order_status,
    number: row.number,
    red_number: row.red_number,
    reason: row.reason,
    // SQLite answers 1/0, PostgreSQL true/false.
    has_pdf: row.has_pdf === true || row.has_pdf === 1,
    created_at: row.created_at,
    issued_at: row.issued_at,
    closed_at: row.closed_at,
  };
}

/** Whether the bytes are a PDF the desk keeps: at most INVOICE_PDF_MAX_BYTES, starting with the %PDF- magic. */
export const isInvoicePdf = (pdf: Buffer): boolean =>
  pdf.length > 5 && pdf.length <= INVOICE_PDF_MAX_BYTES && pdf.subarray(0, 5).toString('latin1') === '%PDF-';

/** The audit's picture of an invoice (never the PDF's bytes). */
const auditView = (i: StaffInvoice) => ({
  status: i.status,
  number: i.number,
  red_number: i.red_number,
  red_letters: i.red_letters.map((r) => ({ id: r.id, amount: r.amount, number: r.number })),
  reason: i.reason,
  order_status: i.order_status,
});

function filterOf(q: StaffInvoiceQuery): DeskFilter {
  return {
    ...givenFields({ status: q.status, member: q.member, outTradeNo: q.out_trade_no, title: q.title }),
    ...shanghaiDayRange(q.from, q.to),
  };
}

const notFound = () => new AppError(404, 404, MSG.invoiceNotFound);

/** The desk's rows with their orders' money and their red-letter invoices. */
async function presented(q: Db, rows: readonly DeskRow[]): Promise<StaffInvoice[]> {
  const [money, reds] = await Promise.all([
    moneyOf(
      q,
      rows.map((r) => r.order_id),
    ),
    redLettersByInvoice(
      q,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => toStaffInvoice(r, money.get(r.order_id), reds.get(r.id) ?? []));
}

export function createInvoiceDesk({ db, now, audit }: { db: Db; now: () => Date; audit: RecordAudit }) {
  async function find(q: Db, id: number): Promise<StaffInvoice> {
    const row = await deskList.byId(q, id);
    if (!row) throw notFound();
    const [invoice] = await presented(q, [row]);
    if (!invoice) throw notFound();
    return invoice;
  }

  /** Moves the invoice in one transaction with its audit row; `change` says whether it moved. */
  async function move(
    id: number,
    action: StaffAction,
    actor: AuditActor,
    reason: string,
    change: (trx: Db, before: StaffInvoice) => Promise<void>,
  ): Promise<StaffInvoice> {
    return db.transaction().execute(async (trx) => {
      const before = await find(trx, id);
      await change(trx, before);
      const after = await find(trx, id);
      await audit(trx, {
        ...actor,
        action,
        targetType: 'invoice',
        targetId: id,
        before: auditView(before),
        after: auditView(after),
        reason,
      });
      return after;
    });
  }

  const desk = (query: StaffInvoiceQuery) =>
    filteredList(deskList, db, filterOf(query), (rows) => presented(db, rows));

  return {
    list: (query: StaffInvoiceQuery, paging: Paging): Promise<Page<StaffInvoice>> => desk(query).page(paging),

    exportRows: (query: StaffInvoiceQuery): AsyncIterable<StaffInvoice> => desk(query).all(),

    detail: (id: number) => find(db, id),

    /** The kept PDF (issued or reversed). */
    async pdf(id: number): Promise<{ body: Buffer; filename: string }> {
      const invoice = await find(db, id);
      const body = invoice.has_pdf ? await findPdf(db, id) : null;
      if (!body) throw new AppError(404, 404, MSG.invoiceNotIssued);
      return { body, filename: `发票-${invoice.number ?? invoice.id}.pdf` };
    },

    /**
     * 申请中 -> 已开具 with the PDF and its number, at what the order kept (paid less refunded; refused while a refund
     * of it is on its way); the member is told by the outbox.
     */
    issue(id: number, number: string, pdf: Buffer, actor: AuditActor): Promise<StaffInvoice> {
      if (!isInvoicePdf(pdf)) throw errors.badRequest(MSG.invoicePdfInvalid);
      const clean = number.trim();
      if (!clean || [...clean].length > 40) throw errors.badRequest(MSG.invoiceNumberInvalid);
      return move(id, 'invoices.issue', actor, '', async (trx, before) => {
        if (before.status !== 'pending') throw errors.badRequest(MSG.invoiceNotPending);
        const orderId = (await deskList.byId(trx, id))?.order_id ?? 0;
        // A refund of the order settles before or after this, never beside it (PostgreSQL: the row lock).
        await lockOrderRow(trx, orderId);
        const { keptFen, pendingRefunds } = await keptOf(trx, orderId, 0);
        if (pendingRefunds > 0) throw errors.badRequest(MSG.invoiceRefundPending);
        const values = {
          status: 'issued',
          number: clean,
          pdf,
          issued_at: now().toISOString(),
          amount_fen: keptFen,
        };
        if (keptFen <= 0 || !(await moveInvoice(trx, id, 'pending', values)))
          throw errors.badRequest(MSG.invoiceNotPending);
      });
    },

    /** 申请中 -> 已驳回 with the reason the member sees (it may apply again). */
    reject(id: number, reason: string, actor: AuditActor): Promise<StaffInvoice> {
      return move(id, 'invoices.reject', actor, reason, async (trx) => {
        const values = { status: 'rejected', reason, closed_at: now().toISOString() };
        if (!(await moveInvoice(trx, id, 'pending', values))) throw errors.badRequest(MSG.invoiceNotPending);
      });
    },

    /** The number of a red-letter invoice a refund produced, once it was issued in the tax system; recorded once. */
    redLetterNumber(id: number, redId: number, number: string, actor: AuditActor): Promise<StaffInvoice> {
      return move(id, 'invoices.reverse', actor, `红字发票号码 ${number}`, async (trx) => {
        if (!(await setRedLetterNumber(trx, id, redId, number)))
          throw errors.badRequest(MSG.redLetterNumbered);
      });
    },

    /**
     * 红冲: an issued invoice of a refunded order -> 已红冲 (with the red-letter number when given); or the red-letter
     * number of one the refund reversed already, recorded once.
     */
    reverse(
      id: number,
      reason: string,
      redNumber: string | undefined,
      actor: AuditActor,
    ): Promise<StaffInvoice> {
      return move(id, 'invoices.reverse', actor, reason, async (trx, before) => {
        if (before.status === 'reversed') {
          if (
            redNumber === undefined ||
            before.red_number !== null ||
            !(await setRedNumber(trx, id, redNumber))
          )
            throw errors.badRequest(MSG.invoiceReversedAlready);
          return;
        }
        if (before.status !== 'issued' || before.order_status !== 'refunded')
          throw errors.badRequest(MSG.invoiceReverseNotAllowed);
        const stamp = now().toISOString();
        const values = { status: 'reversed', reason, closed_at: stamp };
        if (!(await moveInvoice(trx, id, 'issued', values)))
          throw errors.badRequest(MSG.invoiceReverseNotAllowed);
        // The red-letter invoice of what was still invoiced.
        const left = Math.round(before.invoiced * 100);
        if (left > 0)
          await insertRedLetter(trx, {
            invoice_id: id,
            refund_id: null,
            amount_fen: left,
            reason,
            created_at: stamp,
          });
        if (redNumber !== undefined) await setRedNumber(trx, id, redNumber);
      });
    },
  };
}

export type InvoiceDesk = ReturnType<typeof createInvoiceDesk>;
