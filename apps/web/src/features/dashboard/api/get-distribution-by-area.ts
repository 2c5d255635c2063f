// GET getDistributionByArea/?citycode=: the member's customers per district of one city.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DistributionItem, type Envelope, HOME_API } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export interface DistributionByAreaRequest {
  citycode: string;
}

export async function getDistributionByArea(params: DistributionByAreaRequest): Promise<DistributionItem[]> {
  const res = await http.get<Envelope<DistributionItem[]>>(HOME_API.distributionByArea, { params });
  return unwrap(res.data);
}

export const distributionByAreaQueryOptions = (userId: number, params: DistributionByAreaRequest) =>
  queryOptions({
    queryKey: [...dashboardKeys.forUser(userId), 'distributionByArea', params],
    queryFn: () => getDistributionByArea(params),
  });

export function useDistributionByArea(userId: number, params: DistributionByAreaRequest, enabled: boolean) {
  // Keeps the previous city's bars while the next city loads, so the card does not flash a skeleton.
  return useQuery({
    ...distributionByAreaQueryOptions(userId, params),
    enabled: enabled && userId > 0,
    placeholderData: keepPreviousData,
  });
}
