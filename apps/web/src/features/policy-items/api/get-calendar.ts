// GET /api/ccw/policy/calendar/?month=YYYY-MM: the open items of the member's subscriptions and favourites by deadline.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, POLICY_ITEM_API, type PolicyCalendar } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { policyItemKeys } from './keys';

export async function getCalendar(month: string | undefined): Promise<PolicyCalendar> {
  const res = await http.get<Envelope<PolicyCalendar>>(POLICY_ITEM_API.calendar, {
    params: month ? { month } : {},
  });
  return unwrap(res.data);
}

export const calendarQueryOptions = (userId: number, month: string | undefined) =>
  queryOptions({
    queryKey: [...policyItemKeys.forUser(userId), 'calendar', month ?? ''],
    queryFn: () => getCalendar(month),
  });

export function useCalendar(userId: number, month: string | undefined) {
  return useQuery({
    ...calendarQueryOptions(userId, month),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
}
