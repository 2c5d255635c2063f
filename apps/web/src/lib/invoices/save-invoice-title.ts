// POST /api/ccw/invoice/titles/: saves a title (the same type and title again updates it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, INVOICE_API, type InvoiceTitle, type InvoiceTitleInput } from '@uc/shared';
import { call } from '../http/http';
import { invoiceKeys } from './keys';

const ENDPOINT = endpoint<InvoiceTitle, InvoiceTitleInput>()('POST', INVOICE_API.titles);

export function saveInvoiceTitle(input: InvoiceTitleInput): Promise<InvoiceTitle> {
  return call(ENDPOINT, { input });
}

export function useSaveInvoiceTitle(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveInvoiceTitle,
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.titles(userId) }),
  });
}
