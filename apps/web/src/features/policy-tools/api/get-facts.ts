// GET /api/ccw_crm/tools/facts/?id=: what the platform knows of a customer and the member's saved answers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type CustomerFacts, type Envelope, POLICY_TOOLS_API } from '@uc/shared';
import { http } from '../../../lib/http/http';

export async function getFacts(id: number): Promise<CustomerFacts> {
  const res = await http.get<Envelope<CustomerFacts>>(POLICY_TOOLS_API.facts, { params: { id } });
  return unwrap(res.data);
}

export const factsQueryOptions = (userId: number, id: number) =>
  queryOptions({ queryKey: ['policy-tools', userId, 'facts', id], queryFn: () => getFacts(id) });

export function useFacts(userId: number, id: number | null) {
  return useQuery({ ...factsQueryOptions(userId, id ?? 0), enabled: userId > 0 && id !== null });
}
