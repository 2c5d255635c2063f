// GET GetCategoryCountByUserName/: counts of 申报通知, 公示公告 and 政策动态 with their last-24-hours counts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CategoryCount, type Envelope, HOME_API } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export async function getCategoryCount(): Promise<CategoryCount[]> {
  const res = await http.get<Envelope<CategoryCount[]>>(HOME_API.categoryCount);
  return unwrap(res.data);
}

export const categoryCountQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...dashboardKeys.forUser(userId), 'categoryCount'], queryFn: getCategoryCount });

export function useCategoryCount(userId: number, enabled: boolean) {
  return useQuery({ ...categoryCountQueryOptions(userId), enabled: enabled && userId > 0 });
}
