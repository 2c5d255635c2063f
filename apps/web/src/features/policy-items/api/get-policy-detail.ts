// GET /api/ccw/policy/detail/?id=: one policy item, whether it is a favourite and the member's matching customers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, POLICY_ITEM_API, type PolicyItemDetail } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { policyItemKeys } from './keys';

const ENDPOINT = endpoint<PolicyItemDetail, { id: number }>()('GET', POLICY_ITEM_API.detail);

export function getPolicyDetail(id: number): Promise<PolicyItemDetail> {
  return call(ENDPOINT, { input: { id } });
}

export const policyDetailQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: [...policyItemKeys.forUser(userId), 'detail', id],
    queryFn: () => getPolicyDetail(id),
  });

export function usePolicyDetail(userId: number, id: number | null) {
  return useQuery({ ...policyDetailQueryOptions(userId, id ?? 0), enabled: userId > 0 && id !== null });
}
