// GET /api/ccw_crm/policy/match/items/?q=: open policy items whose title contains q (the policy picker, at most 20).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, type OpenPolicyItem, POLICY_TOOLS_API, type PolicySearchQuery } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<OpenPolicyItem[], PolicySearchQuery>()('GET', POLICY_TOOLS_API.openItems);

export function getOpenItems(q: string): Promise<OpenPolicyItem[]> {
  return call(ENDPOINT, { input: { q } });
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
