// GET /api/ccw/goods/plan/change/: the plan change scheduled for the end of the period, the member's own legacy
// level's renewal row, and what ordering each plan would be now (its kind and credit).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMERCE_API, endpoint, type PlanChangeState } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { commerceKeys } from './keys';

const ENDPOINT = endpoint<PlanChangeState>()('GET', COMMERCE_API.planChange);

export function getPlanChange(): Promise<PlanChangeState> {
  return call(ENDPOINT, {});
}

export const planChangeKey = (userId: number) => [...commerceKeys.forUser(userId), 'plan-change'] as const;

export const planChangeQueryOptions = (userId: number) =>
  queryOptions({ queryKey: planChangeKey(userId), queryFn: getPlanChange });

export function usePlanChange(userId: number, enabled = true) {
  return useQuery({ ...planChangeQueryOptions(userId), enabled: enabled && userId > 0 });
}
