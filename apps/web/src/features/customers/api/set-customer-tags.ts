// POST /api/ccw/customers/{id}/tags/: replaces one customer's tags.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { bookPath, CUSTOMER_BOOK_API, type Envelope } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { cusAllInfoQueryOptions } from './get-customer-detail';
import { customerKeys } from './keys';

export async function setCustomerTags(id: number, tags: string[]): Promise<{ tags: string[] }> {
  const res = await http.post<Envelope<{ tags: string[] }>>(
    bookPath(CUSTOMER_BOOK_API.customerTags, { id }),
    {
      tags,
    },
  );
  return unwrap(res.data);
}

/** The list (its 标签 column and filter), the tag counts and the drawer's detail (getCusAllInfo, whose customer carries the tags) are read again. */
export function useSetCustomerTags(userId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) => setCustomerTags(id, tags),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...customerKeys.forUser(userId), 'list'] }),
        client.invalidateQueries({ queryKey: customerKeys.tags(userId) }),
        client.invalidateQueries({ queryKey: cusAllInfoQueryOptions(userId, id).queryKey }),
      ]),
  });
}
