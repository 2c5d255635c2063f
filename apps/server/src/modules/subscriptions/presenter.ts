// Response shapes of 我的订阅 and 推送设置 (docs/requirements.md §3 names), the presenters turning rows into them, and the columns
// of their exports.
import {
  cityByCode,
  cityOfArea,
  POLICY_CATEGORIES,
  type PolicyFeedItem,
  PROVINCE_REGION,
  type PublicityItem,
  type RecommendedProject,
  shanghaiMinute,
} from '@uc/shared';
import type { Selectable } from 'kysely';
import type { PolicyItemsTable } from '../../db/schema.js';
import type { XlsxColumn } from '../../lib/xlsx.js';

/** 广东省 for a province-wide item, the city for a city-wide one, else the district. */
export function regionName(city_code: string | null, area_code: string | null): string {
  if (city_code === null) return PROVINCE_REGION.name;
  const city = cityByCode(city_code);
  if (area_code === null || !city) return city?.cityname ?? city_code;
  return cityOfArea(area_code)?.districts.find((d) => d.code === area_code)?.name ?? city.cityname;
}

/** A policy item as the lists read it. */
export type FeedRow = Omit<Selectable<PolicyItemsTable>, 'industry_code'>;

export function toFeedItem(row: FeedRow): PolicyFeedItem {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    dept_name: row.dept_name,
    area_name: regionName(row.city_code, row.area_code),
    publish_time: row.publish_time,
    end_time: row.end_time,
  };
}

const typeName = (type: string) => POLICY_CATEGORIES.find((c) => c.key === type)?.keyname ?? type;
const minute = (iso: string | null) => (iso ? shanghaiMinute(iso) : '');

export const FEED_COLUMNS: readonly XlsxColumn<PolicyFeedItem>[] = [
  { header: '标题', width: 60, value: (r) => r.title },
  { header: '类型', width: 10, value: (r) => typeName(r.type) },
  { header: '发布部门', width: 28, value: (r) => r.dept_name },
  { header: '地区', width: 12, value: (r) => r.area_name },
  { header: '发布时间', width: 18, value: (r) => minute(r.publish_time) },
  { header: '申报截止', width: 18, value: (r) => minute(r.end_time) },
];

export const PROJECT_COLUMNS: readonly XlsxColumn<RecommendedProject>[] = [
  { header: '项目名称', width: 50, value: (r) => r.name },
  { header: '主管部门', width: 28, value: (r) => r.dept_name },
  { header: '开始时间', width: 18, value: (r) => minute(r.start_time) },
  { header: '匹配客户数', width: 12, value: (r) => r.count },
];

export const PUBLICITY_COLUMNS: readonly XlsxColumn<PublicityItem>[] = [
  { header: '公示标题', width: 60, value: (r) => r.title },
  { header: '企业名称', width: 36, value: (r) => r.companyname },
  { header: '公示部门', width: 28, value: (r) => r.dept },
  { header: '资质/项目', width: 24, value: (r) => r.qualification },
  { header: '公示时间', width: 18, value: (r) => minute(r.publishtime) },
];
