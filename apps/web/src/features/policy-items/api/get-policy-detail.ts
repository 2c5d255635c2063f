// GET /api/ccw/policy/detail/?id=: one policy item, whether it is a favourite and the member's matching customers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, POLICY_ITEM_API, type PolicyItemDetail } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { policyItemKeys } from './keys';

export async function getPolicyDetail(id: number): Promise<PolicyItemDetail> {
  const res = await http.get<Envelope<PolicyItemDetail>>(POLICY_ITEM_API.detail, { params: { id } });
  return unwrap(res.data);
}

export const policyDetailQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: [...policyItemKeys.forUser(userId), 'detail', id],
    queryFn: () => getPolicyDetail(id),
  });

export function usePolicyDetail(userId: number, id: number | null) {
  return useQuery({ ...policyDetailQueryOptions(userId, id ?? 0), enabled: userId > 0 && id !== null });
}
