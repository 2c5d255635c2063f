// GET getNewPeresult/: projects recommended to the member, with how many of its customers match each.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Envelope, HOME_API, type RecommendedProject } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export async function getRecommendedProjects(): Promise<RecommendedProject[]> {
  const res = await http.get<Envelope<RecommendedProject[]>>(HOME_API.newPeresult);
  return unwrap(res.data);
}

export const recommendedProjectsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.forUser(userId), 'recommendedProjects'],
    queryFn: getRecommendedProjects,
  });

export function useRecommendedProjects(userId: number, enabled: boolean) {
  return useQuery({ ...recommendedProjectsQueryOptions(userId), enabled: enabled && userId > 0 });
}
