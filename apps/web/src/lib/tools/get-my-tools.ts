// GET /saastools/mytools/: every tool with how the member has it (its plan, its credits, neither).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, type MyTool, TOOLS_API } from '@uc/shared';
import { call } from '../http/http';

const ENDPOINT = endpoint<MyTool[]>()('GET', TOOLS_API.mine);

export function getMyTools(): Promise<MyTool[]> {
  return call(ENDPOINT, {});
}

export const myToolsKey = (userId: number) => ['tools', userId, 'mine'] as const;

export const myToolsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: myToolsKey(userId), queryFn: getMyTools });

export function useMyTools(userId: number) {
  return useQuery({ ...myToolsQueryOptions(userId), enabled: userId > 0 });
}
