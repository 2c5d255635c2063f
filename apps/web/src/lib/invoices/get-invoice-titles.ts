// GET /api/ccw/invoice/titles/: the member's saved invoice titles, the most recently used first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, INVOICE_API, type InvoiceTitle } from '@uc/shared';
import { call } from '../http/http';
import { invoiceKeys } from './keys';

const ENDPOINT = endpoint<InvoiceTitle[]>()('GET', INVOICE_API.titles);

export function getInvoiceTitles(): Promise<InvoiceTitle[]> {
  return call(ENDPOINT, {});
}

export const invoiceTitlesQueryOptions = (userId: number) =>
  queryOptions({ queryKey: invoiceKeys.titles(userId), queryFn: getInvoiceTitles });

/** `enabled`: asked for only where they are shown (the apply dialog once open). */
export function useInvoiceTitles(userId: number, enabled = true) {
  return useQuery({ ...invoiceTitlesQueryOptions(userId), enabled: enabled && userId > 0 });
}
