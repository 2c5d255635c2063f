// The drawer's calls for one customer, each its own query so each section loads (and fails) on its own:
// getCusData/ (company), GetPatentBycustomerId/ (IP), getGrade/ (high-tech pre-assessment) and getCusAllInfo/
// (qualifications, funding publicity, matching open projects).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import {
  type CustomerDetail,
  type CustomerItem,
  type Envelope,
  HOME_API,
  HOME_STATS_API,
  type HtsGrade,
  type IpInfo,
} from '@uc/shared';
import { http } from '../../../lib/http/http';
import { customerKeys } from './keys';

async function getOne<T>(path: string, id: number): Promise<T> {
  const res = await http.get<Envelope<T>>(path, { params: { id } });
  return unwrap(res.data);
}

const detailQuery = <T>(userId: number, id: number, what: string, path: string) =>
  queryOptions({
    queryKey: [...customerKeys.forUser(userId), 'detail', id, what],
    queryFn: () => getOne<T>(path, id),
  });

export const cusDataQueryOptions = (userId: number, id: number) =>
  detailQuery<CustomerItem>(userId, id, 'cusData', HOME_API.cusData);
export const customerPatentsQueryOptions = (userId: number, id: number) =>
  detailQuery<IpInfo>(userId, id, 'patents', HOME_STATS_API.patentByCustomer);
export const gradeQueryOptions = (userId: number, id: number) =>
  detailQuery<HtsGrade>(userId, id, 'grade', HOME_API.grade);
export const cusAllInfoQueryOptions = (userId: number, id: number) =>
  detailQuery<CustomerDetail>(userId, id, 'all', HOME_API.cusAllInfo);

export const useCusData = (userId: number, id: number) =>
  useQuery({ ...cusDataQueryOptions(userId, id), enabled: id > 0 });
export const useCustomerPatents = (userId: number, id: number) =>
  useQuery({ ...customerPatentsQueryOptions(userId, id), enabled: id > 0 });
export const useGrade = (userId: number, id: number) =>
  useQuery({ ...gradeQueryOptions(userId, id), enabled: id > 0 });
export const useCusAllInfo = (userId: number, id: number) =>
  useQuery({ ...cusAllInfoQueryOptions(userId, id), enabled: id > 0 });
