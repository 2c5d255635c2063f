// GET /api/ccw/invoice/list/?page=&size=&status=: the member's invoices, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, INVOICE_API, type Invoice, type InvoiceStatus, type Page } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { invoiceKeys } from '../../../lib/invoices/keys';

export interface InvoiceListRequest {
  page: number;
  size: number;
  /** Absent: every invoice. */
  status?: InvoiceStatus;
}

const ENDPOINT = endpoint<Page<Invoice>, InvoiceListRequest>()('GET', INVOICE_API.list);

export function getInvoiceList(params: InvoiceListRequest): Promise<Page<Invoice>> {
  return call(ENDPOINT, { input: params });
}

export const invoiceListQueryOptions = (userId: number, params: InvoiceListRequest) =>
  queryOptions({
    queryKey: [...invoiceKeys.list(userId), params],
    queryFn: () => getInvoiceList(params),
  });

export function useInvoiceList(userId: number, params: InvoiceListRequest) {
  return useQuery({
    ...invoiceListQueryOptions(userId, params),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
}
