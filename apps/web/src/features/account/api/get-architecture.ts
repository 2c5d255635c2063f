// GET /api/user/architecture/: the main account with its sub-accounts as children.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, type ArchitectureNode, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { accountKeys } from './keys';

const ENDPOINT = endpoint<ArchitectureNode>()('GET', ACCOUNT_API.architecture);

export function getArchitecture(): Promise<ArchitectureNode> {
  return call(ENDPOINT, {});
}

export const architectureQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...accountKeys.team(userId), 'architecture'], queryFn: getArchitecture });

export function useArchitecture(userId: number, enabled = true) {
  return useQuery({ ...architectureQueryOptions(userId), enabled: enabled && userId > 0 });
}
