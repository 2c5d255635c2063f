// GET /saastools/mytools/: every tool with how the member has it (its plan, its credits, neither).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, type MyTool, TOOLS_API } from '@uc/shared';
import { http } from '../http/http';

export async function getMyTools(): Promise<MyTool[]> {
  const res = await http.get<Envelope<MyTool[]>>(TOOLS_API.mine);
  return unwrap(res.data);
}

export const myToolsKey = (userId: number) => ['tools', userId, 'mine'] as const;

export const myToolsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: myToolsKey(userId), queryFn: getMyTools });

export function useMyTools(userId: number) {
  return useQuery({ ...myToolsQueryOptions(userId), enabled: userId > 0 });
}
