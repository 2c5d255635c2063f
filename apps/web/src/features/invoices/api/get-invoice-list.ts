// GET /api/ccw/invoice/list/?page=&size=&status=: the member's invoices, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Envelope, INVOICE_API, type Invoice, type InvoiceStatus, type Page } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { invoiceKeys } from '../../../lib/invoices/keys';

export interface InvoiceListRequest {
  page: number;
  size: number;
  /** Absent: every invoice. */
  status?: InvoiceStatus;
}

export async function getInvoiceList(params: InvoiceListRequest): Promise<Page<Invoice>> {
  const res = await http.get<Envelope<Page<Invoice>>>(INVOICE_API.list, { params });
  return unwrap(res.data);
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
