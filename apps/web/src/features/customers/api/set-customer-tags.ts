// POST /api/ccw/customers/{id}/tags/: replaces one customer's tags.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_BOOK_API, type CustomerTagsInput, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { cusAllInfoQueryOptions } from './get-customer-detail';
import { customerKeys } from './keys';

const ENDPOINT = endpoint<{ tags: string[] }, CustomerTagsInput>()('POST', CUSTOMER_BOOK_API.customerTags);

export function setCustomerTags(id: number, tags: string[]): Promise<{ tags: string[] }> {
  return call(ENDPOINT, { id, input: { tags } });
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
