// POST /api/ccw/invoice/titles/: saves a title (the same type and title again updates it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, INVOICE_API, type InvoiceTitle, type InvoiceTitleInput } from '@uc/shared';
import { http } from '../http/http';
import { invoiceKeys } from './keys';

export async function saveInvoiceTitle(input: InvoiceTitleInput): Promise<InvoiceTitle> {
  const res = await http.post<Envelope<InvoiceTitle>>(INVOICE_API.titles, input);
  return unwrap(res.data);
}

export function useSaveInvoiceTitle(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveInvoiceTitle,
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.titles(userId) }),
  });
}
