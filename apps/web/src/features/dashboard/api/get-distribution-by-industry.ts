// GET getDistributionByIndustry/: the member's customers per industry (docs/requirements.md §3 "Distribution items").
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DistributionItem, type Envelope, HOME_API } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export async function getDistributionByIndustry(): Promise<DistributionItem[]> {
  const res = await http.get<Envelope<DistributionItem[]>>(HOME_API.distributionByIndustry);
  return unwrap(res.data);
}

export const distributionByIndustryQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.forUser(userId), 'distributionByIndustry'],
    queryFn: getDistributionByIndustry,
  });

export function useDistributionByIndustry(userId: number, enabled: boolean) {
  return useQuery({ ...distributionByIndustryQueryOptions(userId), enabled: enabled && userId > 0 });
}
