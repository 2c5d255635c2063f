// POST /api/ccw/customers/remove/: removes customers (their tags and notes with them).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { CUSTOMER_BOOK_API, type Envelope } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { invalidateBook } from './keys';

export async function removeCustomers(ids: number[]): Promise<{ removed: number }> {
  const res = await http.post<Envelope<{ removed: number }>>(CUSTOMER_BOOK_API.remove, { ids });
  return unwrap(res.data);
}

export function useRemoveCustomers(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeCustomers, onSuccess: () => invalidateBook(client, userId) });
}
