// POST /api/ccw/customers/: adds registry companies to the member's customers (those already there and those over
// the limit come back apart).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type AddCustomersAnswer, CUSTOMER_BOOK_API, type Envelope } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { invalidateBook } from './keys';

export async function addCustomers(companyIds: number[]): Promise<AddCustomersAnswer> {
  const res = await http.post<Envelope<AddCustomersAnswer>>(CUSTOMER_BOOK_API.add, {
    company_ids: companyIds,
  });
  return unwrap(res.data);
}

export function useAddCustomers(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: addCustomers, onSuccess: () => invalidateBook(client, userId) });
}
