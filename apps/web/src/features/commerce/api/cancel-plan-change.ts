// POST /api/ccw/goods/plan/change/cancel/: cancels the scheduled plan change (its money is owed back in full).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMMERCE_API, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { planChangeKey } from './get-plan-change';

const ENDPOINT = endpoint<null>()('POST', COMMERCE_API.planChangeCancel);

export function cancelPlanChange(): Promise<null> {
  return call(ENDPOINT, {});
}

/** The VIP page then shows no scheduled change and offers the lower plans again. */
export function useCancelPlanChange(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelPlanChange,
    onSuccess: () => client.invalidateQueries({ queryKey: planChangeKey(userId) }),
  });
}
