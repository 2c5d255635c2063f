// GET getMyPublicity/: the member's own publicity items, newest first (the dashboard shows the first 5).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, HOME_API, type OwnPublicityItem } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

const ENDPOINT = endpoint<OwnPublicityItem[]>()('GET', HOME_API.myPublicity);

export function getMyPublicity(): Promise<OwnPublicityItem[]> {
  return call(ENDPOINT, {});
}

export const myPublicityQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...dashboardKeys.forUser(userId), 'myPublicity'], queryFn: getMyPublicity });

export function useMyPublicity(userId: number, enabled: boolean) {
  return useQuery({ ...myPublicityQueryOptions(userId), enabled: enabled && userId > 0 });
}
