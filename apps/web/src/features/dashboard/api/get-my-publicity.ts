// GET getMyPublicity/: the member's own publicity items, newest first (the dashboard shows the first 5).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Envelope, HOME_API, type OwnPublicityItem } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export async function getMyPublicity(): Promise<OwnPublicityItem[]> {
  const res = await http.get<Envelope<OwnPublicityItem[]>>(HOME_API.myPublicity);
  return unwrap(res.data);
}

export const myPublicityQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...dashboardKeys.forUser(userId), 'myPublicity'], queryFn: getMyPublicity });

export function useMyPublicity(userId: number, enabled: boolean) {
  return useQuery({ ...myPublicityQueryOptions(userId), enabled: enabled && userId > 0 });
}
