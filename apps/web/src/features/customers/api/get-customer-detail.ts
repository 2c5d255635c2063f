// The drawer's calls for one customer, each its own query so each section loads (and fails) on its own:
// getCusData/ (company), GetPatentBycustomerId/ (IP), getGrade/ (high-tech pre-assessment) and getCusAllInfo/
// (qualifications, funding publicity, matching open projects).
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type CustomerDetail,
  type CustomerItem,
  type Endpoint,
  endpoint,
  HOME_API,
  HOME_STATS_API,
  type HtsGrade,
  type IpInfo,
} from '@uc/shared';
import { call } from '../../../lib/http/http';
import { customerKeys } from './keys';

/** Each asks ?id= of the customer. */
type One = { id: number };

const CUS_DATA = endpoint<CustomerItem, One>()('GET', HOME_API.cusData);
const PATENTS = endpoint<IpInfo, One>()('GET', HOME_STATS_API.patentByCustomer);
const GRADE = endpoint<HtsGrade, One>()('GET', HOME_API.grade);
const ALL_INFO = endpoint<CustomerDetail, One>()('GET', HOME_API.cusAllInfo);

const detailQuery = <T>(userId: number, id: number, what: string, of: Endpoint<string, One, T>) =>
  queryOptions({
    queryKey: [...customerKeys.forUser(userId), 'detail', id, what],
    queryFn: () => call(of, { input: { id } }),
  });

export const cusDataQueryOptions = (userId: number, id: number) =>
  detailQuery(userId, id, 'cusData', CUS_DATA);
export const customerPatentsQueryOptions = (userId: number, id: number) =>
  detailQuery(userId, id, 'patents', PATENTS);
export const gradeQueryOptions = (userId: number, id: number) => detailQuery(userId, id, 'grade', GRADE);
export const cusAllInfoQueryOptions = (userId: number, id: number) =>
  detailQuery(userId, id, 'all', ALL_INFO);

export const useCusData = (userId: number, id: number) =>
  useQuery({ ...cusDataQueryOptions(userId, id), enabled: id > 0 });
export const useCustomerPatents = (userId: number, id: number) =>
  useQuery({ ...customerPatentsQueryOptions(userId, id), enabled: id > 0 });
export const useGrade = (userId: number, id: number) =>
  useQuery({ ...gradeQueryOptions(userId, id), enabled: id > 0 });
export const useCusAllInfo = (userId: number, id: number) =>
  useQuery({ ...cusAllInfoQueryOptions(userId, id), enabled: id > 0 });
