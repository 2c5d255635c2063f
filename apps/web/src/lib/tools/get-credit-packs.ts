// GET /saastools/getbuytoolsactionsprice?tool=: the credit packs of a tool, smallest first (购买次数).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type CreditPack, type Envelope, TOOLS_API, type ToolCode } from '@uc/shared';
import { http } from '../http/http';

export async function getCreditPacks(tool: ToolCode): Promise<CreditPack[]> {
  const res = await http.get<Envelope<CreditPack[]>>(TOOLS_API.packPrices, { params: { tool } });
  return unwrap(res.data);
}

export const creditPacksQueryOptions = (tool: ToolCode) =>
  queryOptions({ queryKey: ['tools', 'packs', tool] as const, queryFn: () => getCreditPacks(tool) });

export function useCreditPacks(tool: ToolCode | null) {
  return useQuery({ ...creditPacksQueryOptions(tool ?? 'hts_score'), enabled: tool !== null });
}
