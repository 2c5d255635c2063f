// GET /saastools/getbuytoolsactionsprice?tool=: the credit packs of a tool, smallest first (购买次数).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CreditPack, endpoint, TOOLS_API, type ToolCode, type ToolQuery } from '@uc/shared';
import { call } from '../http/http';

const ENDPOINT = endpoint<CreditPack[], ToolQuery>()('GET', TOOLS_API.packPrices);

export function getCreditPacks(tool: ToolCode): Promise<CreditPack[]> {
  return call(ENDPOINT, { input: { tool } });
}

export const creditPacksQueryOptions = (tool: ToolCode) =>
  queryOptions({ queryKey: ['tools', 'packs', tool] as const, queryFn: () => getCreditPacks(tool) });

export function useCreditPacks(tool: ToolCode | null) {
  return useQuery({ ...creditPacksQueryOptions(tool ?? 'hts_score'), enabled: tool !== null });
}
