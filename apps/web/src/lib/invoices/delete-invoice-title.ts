// DELETE /api/ccw/invoice/titles/{id}/: removes a saved title (invoices already asked for keep theirs).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, INVOICE_API } from '@uc/shared';
import { call } from '../http/http';
import { invoiceKeys } from './keys';

const ENDPOINT = endpoint<null>()('DELETE', INVOICE_API.title);

export async function deleteInvoiceTitle(id: number): Promise<void> {
  await call(ENDPOINT, { id });
}

export function useDeleteInvoiceTitle(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoiceTitle,
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.titles(userId) }),
  });
}
