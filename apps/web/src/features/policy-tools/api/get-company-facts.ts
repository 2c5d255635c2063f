// GET /api/ccw_crm/tools/facts/company/?name=: the answers saved for a typed company name.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type CompanyFactsResult, type Envelope, POLICY_TOOLS_API } from '@uc/shared';
import { http } from '../../../lib/http/http';

export async function getCompanyFacts(name: string): Promise<CompanyFactsResult> {
  const res = await http.get<Envelope<CompanyFactsResult>>(POLICY_TOOLS_API.companyFacts, {
    params: { name },
  });
  return unwrap(res.data);
}

export const companyFactsQueryOptions = (userId: number, name: string) =>
  queryOptions({
    queryKey: ['policy-tools', userId, 'company-facts', name],
    queryFn: () => getCompanyFacts(name),
  });

export function useCompanyFacts(userId: number, name: string | null) {
  return useQuery({ ...companyFactsQueryOptions(userId, name ?? ''), enabled: userId > 0 && name !== null });
}
