// GET /api/user/architecture/: the main account with its sub-accounts as children.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, type ArchitectureNode, type Envelope } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { accountKeys } from './keys';

export async function getArchitecture(): Promise<ArchitectureNode> {
  const res = await http.get<Envelope<ArchitectureNode>>(ACCOUNT_API.architecture);
  return unwrap(res.data);
}

export const architectureQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...accountKeys.team(userId), 'architecture'], queryFn: getArchitecture });

export function useArchitecture(userId: number, enabled = true) {
  return useQuery({ ...architectureQueryOptions(userId), enabled: enabled && userId > 0 });
}
