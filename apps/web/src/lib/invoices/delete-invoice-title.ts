// DELETE /api/ccw/invoice/titles/{id}/: removes a saved title (invoices already asked for keep theirs).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, fillPath, INVOICE_API } from '@uc/shared';
import { http } from '../http/http';
import { invoiceKeys } from './keys';

export async function deleteInvoiceTitle(id: number): Promise<void> {
  const res = await http.delete<Envelope<null>>(fillPath(INVOICE_API.title, id));
  unwrap(res.data);
}

export function useDeleteInvoiceTitle(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoiceTitle,
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.titles(userId) }),
  });
}
