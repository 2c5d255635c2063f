// POST /api/ccw/customers/: adds registry companies to the member's customers (those already there and those over
// the limit come back apart).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AddCustomersAnswer, type AddCustomersInput, CUSTOMER_BOOK_API, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { invalidateBook } from './keys';

const ENDPOINT = endpoint<AddCustomersAnswer, AddCustomersInput>()('POST', CUSTOMER_BOOK_API.add);

export function addCustomers(companyIds: number[]): Promise<AddCustomersAnswer> {
  return call(ENDPOINT, { input: { company_ids: companyIds } });
}

export function useAddCustomers(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: addCustomers, onSuccess: () => invalidateBook(client, userId) });
}
