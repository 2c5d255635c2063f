// GET /saastools/taocanlist/index (public): the plan catalogue with prices and features.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMERCE_API, type Envelope, type PlanItem } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { commerceKeys } from './keys';

export async function getPlanList(): Promise<PlanItem[]> {
  const res = await http.get<Envelope<PlanItem[]>>(COMMERCE_API.planList);
  return unwrap(res.data);
}

export const planListQueryOptions = () =>
  queryOptions({ queryKey: commerceKeys.plans(), queryFn: getPlanList, staleTime: 5 * 60_000 });

export function usePlanList() {
  return useQuery(planListQueryOptions());
}
