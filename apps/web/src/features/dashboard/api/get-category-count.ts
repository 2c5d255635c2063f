// GET GetCategoryCountByUserName/: counts of 申报通知, 公示公告 and 政策动态 with their last-24-hours counts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CategoryCount, endpoint, HOME_API } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

const ENDPOINT = endpoint<CategoryCount[]>()('GET', HOME_API.categoryCount);

export function getCategoryCount(): Promise<CategoryCount[]> {
  return call(ENDPOINT, {});
}

export const categoryCountQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...dashboardKeys.forUser(userId), 'categoryCount'], queryFn: getCategoryCount });

export function useCategoryCount(userId: number, enabled: boolean) {
  return useQuery({ ...categoryCountQueryOptions(userId), enabled: enabled && userId > 0 });
}
