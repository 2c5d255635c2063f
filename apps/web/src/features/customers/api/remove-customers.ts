// POST /api/ccw/customers/remove/: removes customers (their tags and notes with them).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_BOOK_API, endpoint, type RemoveCustomersInput } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { invalidateBook } from './keys';

const ENDPOINT = endpoint<{ removed: number }, RemoveCustomersInput>()('POST', CUSTOMER_BOOK_API.remove);

export function removeCustomers(ids: number[]): Promise<{ removed: number }> {
  return call(ENDPOINT, { input: { ids } });
}

export function useRemoveCustomers(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeCustomers, onSuccess: () => invalidateBook(client, userId) });
}
