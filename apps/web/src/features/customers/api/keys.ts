// Query keys of the customer pages, per user so another login never sees a cached list.
import type { QueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-roots';

export const customerKeys = {
  forUser: (userId: number) => ['customers', userId] as const,
  quota: (userId: number) => [...customerKeys.forUser(userId), 'quota'] as const,
  tags: (userId: number) => [...customerKeys.forUser(userId), 'tags'] as const,
  notes: (userId: number, id: number) => [...customerKeys.forUser(userId), 'notes', id] as const,
};

/**
 * After the book changed (customers added, imported or removed): the lists, quota, tags and search results, the
 * dashboard's counts and charts, and the policy tools' customer pickers are read again on their next view.
 */
export function invalidateBook(client: QueryClient, userId: number): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: customerKeys.forUser(userId) }),
    client.invalidateQueries({ queryKey: queryRoots.dashboard(userId) }),
    client.invalidateQueries({ queryKey: queryRoots.policyTools(userId) }),
  ]);
}
