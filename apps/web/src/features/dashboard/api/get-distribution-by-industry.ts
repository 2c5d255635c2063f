// GET getDistributionByIndustry/: the member's customers per industry (docs/requirements.md §3 "Distribution items").
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DistributionItem, endpoint, HOME_API } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

const ENDPOINT = endpoint<DistributionItem[]>()('GET', HOME_API.distributionByIndustry);

export function getDistributionByIndustry(): Promise<DistributionItem[]> {
  return call(ENDPOINT, {});
}

export const distributionByIndustryQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.forUser(userId), 'distributionByIndustry'],
    queryFn: getDistributionByIndustry,
  });

export function useDistributionByIndustry(userId: number, enabled: boolean) {
  return useQuery({ ...distributionByIndustryQueryOptions(userId), enabled: enabled && userId > 0 });
}
