// GET /api/ccw/invoice/titles/: the member's saved invoice titles, the most recently used first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, INVOICE_API, type InvoiceTitle } from '@uc/shared';
import { http } from '../http/http';
import { invoiceKeys } from './keys';

export async function getInvoiceTitles(): Promise<InvoiceTitle[]> {
  const res = await http.get<Envelope<InvoiceTitle[]>>(INVOICE_API.titles);
  return unwrap(res.data);
}

export const invoiceTitlesQueryOptions = (userId: number) =>
  queryOptions({ queryKey: invoiceKeys.titles(userId), queryFn: getInvoiceTitles });

/** `enabled`: asked for only where they are shown (the apply dialog once open). */
export function useInvoiceTitles(userId: number, enabled = true) {
  return useQuery({ ...invoiceTitlesQueryOptions(userId), enabled: enabled && userId > 0 });
}
