// GET /api/ccw_crm/policy/match/items/?q=: open policy items whose title contains q (the policy picker, at most 20).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, type OpenPolicyItem, POLICY_TOOLS_API } from '@uc/shared';
import { http } from '../../../lib/http/http';

export async function getOpenItems(q: string): Promise<OpenPolicyItem[]> {
  const res = await http.get<Envelope<OpenPolicyItem[]>>(POLICY_TOOLS_API.openItems, { params: { q } });
  return unwrap(res.data);
}

export const openItemsQueryOptions = (userId: number, q: string) =>
  queryOptions({ queryKey: ['policy-tools', userId, 'open-items', q], queryFn: () => getOpenItems(q) });

export function useOpenItems(userId: number, q: string, enabled: boolean) {
  return useQuery({
    ...openItemsQueryOptions(userId, q),
    enabled: enabled && userId > 0,
    placeholderData: keepPreviousData,
  });
}
