// GET /api/ccw/policy/calendar/?month=YYYY-MM: the open items of the member's subscriptions and favourites by deadline.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, POLICY_ITEM_API, type PolicyCalendar } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { policyItemKeys } from './keys';

const ENDPOINT = endpoint<PolicyCalendar, { month?: string }>()('GET', POLICY_ITEM_API.calendar);

export function getCalendar(month: string | undefined): Promise<PolicyCalendar> {
  return call(ENDPOINT, { input: month ? { month } : {} });
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
