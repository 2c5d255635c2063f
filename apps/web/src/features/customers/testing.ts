// Shared answers of the customer pages' tests: a customer row, the book's quota and tags, registry companies.
import {
  type CompanySearchItem,
  CUSTOMER_BOOK_API,
  type CustomerItem,
  type CustomerQuota,
  type CustomerTag,
  type ImportJob,
} from '@uc/shared';
import type { Routes } from '../../test/api';

export const CUSTOMER_ROW: CustomerItem = {
  id: 7,
  cus_name: '深圳市测试电子有限公司',
  industry_code: 'C',
  industry_name: '制造业',
  city_code: '440300',
  city_name: '深圳市',
  area_code: '440305',
  area_name: '南山区',
  is_hightech: true,
  reg_capital: 1000,
  reg_time: '2018-06-01',
  created_at: '2026-01-15T02:00:00.000Z',
  tags: ['重点客户'],
};

export const QUOTA: CustomerQuota = { count: 360, limit: 10_000 };
export const TAGS: CustomerTag[] = [
  { tag: '重点客户', count: 12 },
  { tag: '待跟进', count: 3 },
];

export function company(id: number, over: Partial<CompanySearchItem> = {}): CompanySearchItem {
  return {
    id,
    name: `深圳市样例${id}科技有限公司`,
    credit_code: `91440300MA5F${String(id).padStart(6, '0')}`,
    industry_name: '信息传输、软件和信息技术服务业',
    area_name: '深圳市 南山区',
    reg_capital: 500,
    reg_time: '2019-03-01',
    is_hightech: false,
    customer_id: null,
    ...over,
  };
}

export function importJob(over: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 5,
    file_name: '客户.xlsx',
    status: 'running',
    total: 10,
    processed: 4,
    added: 0,
    duplicate: 0,
    not_found: 0,
    failed: 0,
    error: '',
    created_at: '2026-02-01T02:00:00.000Z',
    finished_at: null,
    ...over,
  };
}

/** The book's calls every page render makes besides the list: the quota and the tags. */
export const bookRoutes: Routes = {
  get: {
    [CUSTOMER_BOOK_API.quota]: () => QUOTA,
    [CUSTOMER_BOOK_API.tags]: () => TAGS,
  },
};
