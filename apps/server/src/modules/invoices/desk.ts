// The operator's invoice desk, the one way both the console and `npm run invoices` issue (the PDF and its number),
// reject (the member sees the reason) and reverse (红冲, only once the order was refunded) an invoice: each move a
// conditional update from the state it leaves, with its audit row in the same transaction. An issued invoice's
// member is told by the service's outbox poller (消息中心, push, mail), whichever path issued it.
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
import { AppError, errors } from '../../errors.js';
import { type Paging, readPage } from '../../lib/paging.js';
import { keysetBatches } from '../../lib/xlsx.js';
import type { AuditActor, RecordAudit } from '../staff/audit.js';
import { statusOf, titleTypeOf, typeOf } from './presenter.js';
import {
  type DeskFilter,
  type DeskRow,
  deskCount,
  deskFind,
  deskList,
  findPdf,
  moveInvoice,
  setRedNumber,
} from './repo.js';

export function toStaffInvoice(row: DeskRow): StaffInvoice {
  return {
    id: row.id,
    status: statusOf(row.status),
    invoice_type: typeOf(row.invoice_type),
    title_type: titleTypeOf(row.title_type),
    title: row.title,
    tax_no: row.tax_no,
    email: row.email,
    address: row.address,
    phone: row.phone,
    bank: row.bank,
    bank_account: row.bank_account,
    amount: fenToYuan(row.amount_fen),
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
  reason: i.reason,
  order_status: i.order_status,
});

function filterOf(q: StaffInvoiceQuery): DeskFilter {
  return {
    ...(q.status ? { status: q.status } : {}),
    ...(q.member ? { member: q.member } : {}),
    ...(q.out_trade_no ? { outTradeNo: q.out_trade_no } : {}),
    ...(q.title ? { title: q.title } : {}),
    ...shanghaiDayRange(q.from, q.to),
  };
}

const notFound = () => new AppError(404, 404, MSG.invoiceNotFound);

export function createInvoiceDesk({ db, now, audit }: { db: Db; now: () => Date; audit: RecordAudit }) {
  async function find(q: Db, id: number): Promise<StaffInvoice> {
    const row = await deskFind(q, id);
    if (!row) throw notFound();
    return toStaffInvoice(row);
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

  return {
    async list(query: StaffInvoiceQuery, paging: Paging): Promise<Page<StaffInvoice>> {
      const filter = filterOf(query);
      return readPage(
        paging,
        async (limit, offset) => (await deskList(db, filter, limit, offset)).map(toStaffInvoice),
        () => deskCount(db, filter),
      );
    },

    exportRows(query: StaffInvoiceQuery): AsyncIterable<StaffInvoice> {
      const filter = filterOf(query);
      return keysetBatches<StaffInvoice>(async (after, limit) =>
        (await deskList(db, filter, limit, 0, after?.id)).map(toStaffInvoice),
      );
    },

    detail: (id: number) => find(db, id),

    /** The kept PDF (issued or reversed). */
    async pdf(id: number): Promise<{ body: Buffer; filename: string }> {
      const invoice = await find(db, id);
      const body = invoice.has_pdf ? await findPdf(db, id) : null;
      if (!body) throw new AppError(404, 404, MSG.invoiceNotIssued);
      return { body, filename: `发票-${invoice.number ?? invoice.id}.pdf` };
    },

    /** 申请中 -> 已开具 with the PDF and its number; the member is told by the outbox. */
    issue(id: number, number: string, pdf: Buffer, actor: AuditActor): Promise<StaffInvoice> {
      if (!isInvoicePdf(pdf)) throw errors.badRequest(MSG.invoicePdfInvalid);
      const clean = number.trim();
      if (!clean || [...clean].length > 40) throw errors.badRequest(MSG.invoiceNumberInvalid);
      return move(id, 'invoices.issue', actor, '', async (trx) => {
        const values = { status: 'issued', number: clean, pdf, issued_at: now().toISOString() };
        if (!(await moveInvoice(trx, id, 'pending', values))) throw errors.badRequest(MSG.invoiceNotPending);
      });
    },

    /** 申请中 -> 已驳回 with the reason the member sees (it may apply again). */
    reject(id: number, reason: string, actor: AuditActor): Promise<StaffInvoice> {
      return move(id, 'invoices.reject', actor, reason, async (trx) => {
        const values = { status: 'rejected', reason, closed_at: now().toISOString() };
        if (!(await moveInvoice(trx, id, 'pending', values))) throw errors.badRequest(MSG.invoiceNotPending);
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
        const values = { status: 'reversed', reason, closed_at: now().toISOString() };
        if (!(await moveInvoice(trx, id, 'issued', values)))
          throw errors.badRequest(MSG.invoiceReverseNotAllowed);
        if (redNumber !== undefined) await setRedNumber(trx, id, redNumber);
      });
    },
  };
}

export type InvoiceDesk = ReturnType<typeof createInvoiceDesk>;
