// GET /api/ccw_crm/tools/facts/?id=: what the platform knows of a customer and the member's saved answers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CustomerFacts, endpoint, POLICY_TOOLS_API, type PolicyCustomerQuery } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<CustomerFacts, PolicyCustomerQuery>()('GET', POLICY_TOOLS_API.facts);

export function getFacts(id: number): Promise<CustomerFacts> {
  return call(ENDPOINT, { input: { id } });
}

export const factsQueryOptions = (userId: number, id: number) =>
  queryOptions({ queryKey: ['policy-tools', userId, 'facts', id], queryFn: () => getFacts(id) });

export function useFacts(userId: number, id: number | null) {
  return useQuery({ ...factsQueryOptions(userId, id ?? 0), enabled: userId > 0 && id !== null });
}
