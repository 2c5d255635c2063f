// POST /api/ccw/invoice/apply/: asks for a paid order's invoice (申请发票); the order then shows the request, and the
// title is saved unless asked not to.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, INVOICE_API, type Invoice, type InvoiceApplyInput } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { invoiceKeys } from '../../../lib/invoices/keys';
import { orderListKey } from './get-order-list';

const ENDPOINT = endpoint<Invoice, InvoiceApplyInput>()('POST', INVOICE_API.apply);

export function applyInvoice(input: InvoiceApplyInput): Promise<Invoice> {
  return call(ENDPOINT, { input });
}

/** The orders (and their details), the invoice list and the saved titles change. */
export function useApplyInvoice(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyInvoice,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: orderListKey(userId) }),
        client.invalidateQueries({ queryKey: invoiceKeys.forUser(userId) }),
      ]),
  });
}
