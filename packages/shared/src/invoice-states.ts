// The states of an invoice, shared by the invoice calls and the orders that show them.
import { z } from 'zod';

/** 申请中 -> 已开具 (the PDF attached) or 已驳回 (with the reason; the member may apply again) -> 已红冲 (after a refund). */
export const INVOICE_STATUSES = ['pending', 'issued', 'rejected', 'reversed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_TEXT: Record<InvoiceStatus, string> = {
  pending: '申请中',
  issued: '已开具',
  rejected: '已驳回',
  reversed: '已红冲',
};

/** What 我的订单 shows of an order's invoice: its state and id (null: none asked, or the last one rejected). */
export const orderInvoiceSchema = z.object({ id: z.number(), status: z.enum(INVOICE_STATUSES) });
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;
