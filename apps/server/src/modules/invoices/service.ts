// Invoices (docs/decisions.md "invoices"): a member asks for one per paid order (its own, an amount above 0) with a
// title (a company's tax number passing GB 32100-2015), an ordinary electronic invoice or, where the plan allows it, a
// special VAT invoice; an operator issues it with the PDF or rejects it (`npm run invoices`); once issued, one
// instance tells the member (websocket and email) from the outbox. The PDF downloads from 我的订单 and 发票管理.
import {
  INVOICE_TITLE_MAX,
  type InboxDelivery,
  type Invoice,
  type InvoiceStatus,
  type InvoiceTitle,
  type invoiceApplyBody,
  type invoiceTitleBody,
  MSG,
  MSG_WITH,
  type OrderInvoice,
  type Page,
  PUSH_INVOICE_ISSUED,
} from '@uc/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import type { InvoiceRedLetterRow } from '../../db/schema.js';
import { AppError, errors } from '../../errors.js';
import { escapeHtml } from '../../lib/html.js';
import { offsetOf, type Paging, pageOf } from '../../lib/paging.js';
import type { MailProvider } from '../../providers/mail/types.js';
import { authorize, mainAccount } from '../access/policies.js';
import type { PushHub } from '../push/hub.js';
import { buyerOf, invoicedFen, toInvoice, toInvoiceTitle } from './presenter.js';
import {
  claimNotice,
  countInvoices,
  countTitles,
  deleteTitle,
  findInvoice,
  findOrder,
  findPdf,
  findTitle,
  insertInvoice,
  insertRedLetter,
  listInvoices,
  listTitles,
  lowerPendingAmount,
  moneyOf,
  moveInvoice,
  redLettersOf,
  saveTitle,
  standingOf,
  unnotified,
} from './repo.js';

/** How often issued invoices are looked for to tell their members. */
const NOTICE_POLL_MS = 1_000;
const NOTICE_BATCH = 20;

type TitleValues = z.output<typeof invoiceTitleBody>;

interface InvoicesDeps {
  db: Db;
  now: () => Date;
  push: Pick<PushHub, 'toGroup'>;
  mail: MailProvider;
  /** 消息中心 (the messages module satisfies it): an issued invoice is kept there. */
  inbox: InvoicesInbox;
  log: { warn(obj: object, msg: string): void };
}

/** What invoices need of 消息中心. */
export interface InvoicesInbox {
  deliver(delivery: InboxDelivery): Promise<void>;
}

const notIssued = () => new AppError(404, 404, MSG.invoiceNotIssued);

/** A refund of the money that paid an order, as its invoice follows it. */
export interface RefundOfOrder {
  orderId: number;
  refundId: number | null;
  amountFen: number;
  reason: string;
  /** The refund returned everything the order kept (one refund of the whole, or the last of parts adding up to it). */
  whole: boolean;
}

/** The red-letter invoices of each invoice, oldest first. */
export async function redLettersByInvoice(q: Db, invoiceIds: readonly number[]) {
  const byInvoice = new Map<number, InvoiceRedLetterRow[]>();
  for (const red of await redLettersOf(q, invoiceIds)) {
    byInvoice.set(red.invoice_id, [...(byInvoice.get(red.invoice_id) ?? []), red]);
  }
  return byInvoice;
}

/**
 * The invoice follows the money, in the refund's transaction `q` (docs/decisions.md "invoices"): a request not issued
 * yet is lowered by a part refund (it is issued at what was kept) and rejected by a whole one; an issued invoice gets
 * a red-letter invoice for the part refunded, and for the rest of it on a whole refund, which also makes it 已红冲.
 * How many invoices changed.
 */
export async function followRefund(q: Db, refund: RefundOfOrder, at: Date): Promise<number> {
  const stamp = at.toISOString();
  const reason = refund.reason.slice(0, 200);
  let moved = 0;
  for (const invoice of await standingOf(q, [refund.orderId])) {
    if (invoice.status === 'pending') {
      if (!refund.whole) {
        await lowerPendingAmount(q, invoice.id, refund.amountFen);
        moved += 1;
      } else if (
        await moveInvoice(q, invoice.id, 'pending', { status: 'rejected', reason, closed_at: stamp })
      )
        moved += 1;
      continue;
    }
    if (invoice.status !== 'issued') continue;
    const left = invoicedFen(invoice, (await redLettersByInvoice(q, [invoice.id])).get(invoice.id) ?? []);
    const red = refund.whole ? left : Math.min(refund.amountFen, left);
    if (red > 0) {
      await insertRedLetter(q, {
        invoice_id: invoice.id,
        refund_id: refund.refundId,
        amount_fen: red,
        reason,
        created_at: stamp,
      });
    }
    if (refund.whole)
      await moveInvoice(q, invoice.id, 'issued', { status: 'reversed', reason, closed_at: stamp });
    moved += 1;
  }
  return moved;
}

/** What an order kept (fen): paid less refunded; the order's price when it is not known. */
export async function keptOf(q: Db, orderId: number, fallbackFen: number) {
  const money = (await moneyOf(q, [orderId])).get(orderId);
  return {
    keptFen: money ? Math.max(0, money.paidFen - money.refundedFen) : fallbackFen,
    pendingRefunds: money?.pendingRefunds ?? 0,
  };
}

export function createInvoicesService({ db, now, push, mail, inbox, log }: InvoicesDeps) {
  let timer: NodeJS.Timeout | null = null;

  async function ownInvoice(userId: number, id: number) {
    return authorize(mainAccount(userId), 'invoice.read', await findInvoice(db, id));
  }

  const titleRow = (userId: number, t: TitleValues, at: string) => ({
    user_id: userId,
    title_type: t.title_type,
    ...buyerOf(t),
    created_at: at,
    updated_at: at,
  });

  /** Tells the members of issued invoices, each once (claimed by one instance). */
  async function notifyIssued(): Promise<number> {
    let sent = 0;
    for (const invoice of await unnotified(db, NOTICE_BATCH)) {
      if (!(await claimNotice(db, invoice.id, now().toISOString()))) continue;
      sent += 1;
      await inbox.deliver({
        userIds: [invoice.user_id],
        kind: 'invoice',
        title: MSG.inboxInvoiceIssuedTitle,
        body: MSG_WITH.inboxInvoiceIssued(invoice.title, invoice.number ?? ''),
        link: '/invoice/list',
        pushed: true,
      });
      await push.toGroup(invoice.group_id ?? 0, {
        code: PUSH_INVOICE_ISSUED,
        message: MSG.invoiceIssuedPush,
      });
      const text = `您申请的发票（抬头：${invoice.title}，发票号码：${invoice.number ?? ''}）已开具，请登录会员中心「发票管理」下载。`;
      try {
        await mail.send({
          to: invoice.email,
          subject: '【查策网】您的发票已开具',
          text,
          html: `<p>${escapeHtml(text)}</p>`,
        });
      } catch (err) {
        // The notice is claimed: the invoice stays downloadable, and the push told the member.
        log.warn({ err, invoice: invoice.id }, 'the invoice email was not sent');
      }
    }
    return sent;
  }

  return {
    notifyIssued,

    async titles(userId: number): Promise<InvoiceTitle[]> {
      return (await listTitles(db, userId)).map(toInvoiceTitle);
    },

    async saveTitle(userId: number, input: TitleValues): Promise<InvoiceTitle> {
      const known = (await listTitles(db, userId)).some(
        (t) => t.title_type === input.title_type && t.title === input.title,
      );
      if (!known && (await countTitles(db, userId)) >= INVOICE_TITLE_MAX) {
        throw errors.badRequest(MSG.invoiceTitleLimit);
      }
      return toInvoiceTitle(await saveTitle(db, titleRow(userId, input, now().toISOString())));
    },

    async deleteTitle(userId: number, id: number): Promise<void> {
      authorize(mainAccount(userId), 'invoiceTitle.delete', await findTitle(db, id));
      await deleteTitle(db, id);
    },

    /**
     * 申请发票: the member's own paid order with an amount, one standing request (a rejected one may be asked again);
     * a plan selling only ordinary invoices refuses a special one. The title is saved with it unless asked not to.
     */
    async apply(userId: number, input: z.output<typeof invoiceApplyBody>): Promise<Invoice> {
      const order = authorize(mainAccount(userId), 'order.invoice', await findOrder(db, input.out_trade_no));
      if (order.status !== 'paid' || order.final_fen <= 0) throw errors.badRequest(MSG.invoiceOrderInvalid);
      if (input.invoice_type === 'special' && order.plain_invoice_only === 1) {
        throw errors.badRequest(MSG.invoiceSpecialNotAllowed);
      }
      const stamp = now().toISOString();
      const applied = () => errors.badRequest(MSG.invoiceApplied);
      // Asked after a part refund: the request is for what the order kept.
      const { keptFen } = await keptOf(db, order.id, order.final_fen);
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          if ((await standingOf(trx, [order.id])).length > 0) throw applied();
          const row = titleRow(userId, input, stamp);
          const invoice = await insertInvoice(trx, {
            user_id: userId,
            order_id: order.id,
            invoice_type: input.invoice_type,
            title_type: row.title_type,
            ...buyerOf(row),
            amount_fen: keptFen,
            status: 'pending',
            number: null,
            reason: null,
            pdf: null,
            created_at: stamp,
            issued_at: null,
            closed_at: null,
            notified_at: null,
          });
          const known = (await listTitles(trx, userId)).some(
            (t) => t.title_type === row.title_type && t.title === row.title,
          );
          if (input.save_title && (known || (await countTitles(trx, userId)) < INVOICE_TITLE_MAX)) {
            await saveTitle(trx, row);
          }
          return invoice.id;
        });
      } catch (error) {
        // Another request for the order won the unique index between the check and the insert.
        if (!(error instanceof AppError) && (await standingOf(db, [order.id])).length > 0) throw applied();
        throw error;
      }
      const [row] = (await listInvoices(db, userId, undefined, 1, 0)).filter((r) => r.id === id);
      if (!row) throw new Error(`invoice ${id} vanished`);
      return toInvoice(row, []);
    },

    async list(userId: number, paging: Paging, status?: InvoiceStatus): Promise<Page<Invoice>> {
      const [rows, total] = await Promise.all([
        listInvoices(db, userId, status, paging.size, offsetOf(paging)),
        countInvoices(db, userId, status),
      ]);
      const reds = await redLettersByInvoice(
        db,
        rows.map((r) => r.id),
      );
      return pageOf(
        rows.map((r) => toInvoice(r, reds.get(r.id) ?? [])),
        total,
        paging,
      );
    },

    /** The issued invoice's PDF (also after it was reversed); 404 before it is issued. */
    async pdf(userId: number, id: number): Promise<{ body: Buffer; filename: string }> {
      const invoice = await ownInvoice(userId, id);
      if (invoice.status !== 'issued' && invoice.status !== 'reversed') throw notIssued();
      const body = await findPdf(db, id);
      if (!body) throw notIssued();
      return { body, filename: `发票-${invoice.number ?? invoice.id}.pdf` };
    },

    /** Commerce's refunds: the order's invoice follows each refund in the refund's transaction. */
    followRefund,

    /** Commerce's 我的订单: each order's standing request. */
    async ofOrders(orderIds: readonly number[]): Promise<Map<number, OrderInvoice>> {
      const rows = await standingOf(db, orderIds);
      return new Map(rows.map((r) => [r.order_id, { id: r.id, status: r.status as InvoiceStatus }]));
    },

    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        notifyIssued().catch((err: unknown) => log.warn({ err }, 'invoice notices failed'));
      }, NOTICE_POLL_MS);
      timer.unref();
    },

    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
