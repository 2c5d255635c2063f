// GET getNewPeresult/: projects recommended to the member, with how many of its customers match each.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, HOME_API, type RecommendedProject } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

const ENDPOINT = endpoint<RecommendedProject[]>()('GET', HOME_API.newPeresult);

export function getRecommendedProjects(): Promise<RecommendedProject[]> {
  return call(ENDPOINT, {});
}

export const recommendedProjectsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.forUser(userId), 'recommendedProjects'],
    queryFn: getRecommendedProjects,
  });

export function useRecommendedProjects(userId: number, enabled: boolean) {
  return useQuery({ ...recommendedProjectsQueryOptions(userId), enabled: enabled && userId > 0 });
}
