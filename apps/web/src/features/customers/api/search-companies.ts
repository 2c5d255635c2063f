// GET /api/ccw/companies/search/: one page of the company registry matching part of a name or a credit code.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { COMPANY_SEARCH_MIN, type CompanySearchPage, CUSTOMER_BOOK_API, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { customerKeys } from './keys';

export interface CompanySearchRequest {
  q: string;
  page: number;
  size: number;
}

const ENDPOINT = endpoint<CompanySearchPage, CompanySearchRequest>()('GET', CUSTOMER_BOOK_API.search);

export function searchCompanies(params: CompanySearchRequest): Promise<CompanySearchPage> {
  return call(ENDPOINT, { input: params });
}

export const companySearchQueryOptions = (userId: number, params: CompanySearchRequest) =>
  queryOptions({
    queryKey: [...customerKeys.forUser(userId), 'search', params],
    queryFn: () => searchCompanies(params),
  });

/** Asks only for a search of at least COMPANY_SEARCH_MIN characters. */
export function useCompanySearch(userId: number, params: CompanySearchRequest) {
  return useQuery({
    ...companySearchQueryOptions(userId, params),
    enabled: userId > 0 && [...params.q].length >= COMPANY_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
}
