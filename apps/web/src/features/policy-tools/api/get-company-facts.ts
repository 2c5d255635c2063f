// GET /api/ccw_crm/tools/facts/company/?name=: the answers saved for a typed company name.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CompanyFactsQuery, type CompanyFactsResult, endpoint, POLICY_TOOLS_API } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<CompanyFactsResult, CompanyFactsQuery>()('GET', POLICY_TOOLS_API.companyFacts);

export function getCompanyFacts(name: string): Promise<CompanyFactsResult> {
  return call(ENDPOINT, { input: { name } });
}

export const companyFactsQueryOptions = (userId: number, name: string) =>
  queryOptions({
    queryKey: ['policy-tools', userId, 'company-facts', name],
    queryFn: () => getCompanyFacts(name),
  });

export function useCompanyFacts(userId: number, name: string | null) {
  return useQuery({ ...companyFactsQueryOptions(userId, name ?? ''), enabled: userId > 0 && name !== null });
}
