// Response shapes of the customer calls (docs/requirements.md §3 field names) and the presenters that turn rows into them.
import {
  type CompanySearchItem,
  type CustomerItem,
  cityByCode,
  cityOfArea,
  type IpInfo,
  industryName,
  shanghaiMinute,
} from '@uc/shared';
import type { Selectable } from 'kysely';
import type { CompaniesTable } from '../../db/schema.js';
import type { XlsxColumn } from '../../lib/xlsx.js';
import type { CustomerRow } from './repo.js';

/** District name, or the city name for a city-level code; the code itself when unknown. */
export function areaName(code: string): string {
  const city = cityOfArea(code);
  if (!city) return code;
  return city.citycode === code ? city.cityname : (city.districts.find((d) => d.code === code)?.name ?? code);
}

/** 万元 as the product writes it: 1000万元, 12.5万元. */
export function formatWan(hundredths: number): string {
  return `${hundredths / 100}万元`;
}

export function toCustomerItem(row: CustomerRow): CustomerItem {
  return {
    id: row.id,
    cus_name: row.name,
    industry_code: row.industry_code,
    industry_name: industryName(row.industry_code) ?? row.industry_code,
    city_code: row.city_code,
    city_name: cityByCode(row.city_code)?.cityname ?? row.city_code,
    area_code: row.area_code,
    area_name: areaName(row.area_code),
    is_hightech: row.is_hightech === 1,
    reg_capital: row.reg_capital_hundredths / 100,
    reg_time: row.reg_time,
    created_at: row.created_at,
  };
}

/** A registry company as the search lists it, with the member's customer of it (or null). */
export function toCompanySearchItem(
  row: Selectable<CompaniesTable>,
  customerId: number | null,
): CompanySearchItem {
  const city = cityByCode(row.city_code)?.cityname ?? row.city_code;
  const area = areaName(row.area_code);
  return {
    id: row.id,
    name: row.name,
    credit_code: row.credit_code,
    industry_name: industryName(row.industry_code) ?? row.industry_code,
    area_name: area === city ? city : `${city} ${area}`,
    reg_capital: row.reg_capital_hundredths / 100,
    reg_time: row.reg_time,
    is_hightech: row.is_hightech === 1,
    customer_id: customerId,
  };
}

export function toIpInfo(row: IpInfo): IpInfo {
  return {
    ipcount1: Number(row.ipcount1),
    ipcount2: Number(row.ipcount2),
    fmzl_count: Number(row.fmzl_count),
    rjzzq_count: Number(row.rjzzq_count),
    syxx_count: Number(row.syxx_count),
    wg_count: Number(row.wg_count),
  };
}

/** The customer export's columns (Chinese headers), in the list's order. */
export const CUSTOMER_COLUMNS: readonly XlsxColumn<CustomerItem>[] = [
  { header: '企业名称', width: 36, value: (c) => c.cus_name },
  { header: '所属行业', width: 24, value: (c) => c.industry_name },
  { header: '所在城市', width: 12, value: (c) => c.city_name },
  { header: '所在区县', width: 12, value: (c) => c.area_name },
  { header: '高新技术企业', width: 14, value: (c) => (c.is_hightech ? '是' : '否') },
  { header: '注册资本（万元）', width: 16, value: (c) => c.reg_capital },
  { header: '成立日期', width: 14, value: (c) => c.reg_time },
  { header: '添加时间', width: 20, value: (c) => shanghaiMinute(c.created_at) },
];
