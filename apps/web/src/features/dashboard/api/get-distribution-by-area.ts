// GET getDistributionByArea/?citycode=: the member's customers per district of one city.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DistributionItem, endpoint, HOME_API } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export interface DistributionByAreaRequest {
  citycode: string;
}

const ENDPOINT = endpoint<DistributionItem[], DistributionByAreaRequest>()(
  'GET',
  HOME_API.distributionByArea,
);

export function getDistributionByArea(params: DistributionByAreaRequest): Promise<DistributionItem[]> {
  return call(ENDPOINT, { input: params });
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
