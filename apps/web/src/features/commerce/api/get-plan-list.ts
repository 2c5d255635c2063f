// GET /saastools/taocanlist/index (public): the plan catalogue with prices and features.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMERCE_API, endpoint, type PlanItem } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { commerceKeys } from './keys';

const ENDPOINT = endpoint<PlanItem[]>()('GET', COMMERCE_API.planList);

export function getPlanList(): Promise<PlanItem[]> {
  return call(ENDPOINT, {});
}

export const planListQueryOptions = () =>
  queryOptions({ queryKey: commerceKeys.plans(), queryFn: getPlanList, staleTime: 5 * 60_000 });

export function usePlanList() {
  return useQuery(planListQueryOptions());
}
