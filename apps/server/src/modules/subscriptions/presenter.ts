// The columns of 我的订阅's exports (a policy item as a list shows it is content/feed-item.ts `toFeedItem`).
import {
  POLICY_CATEGORIES,
  type PolicyFeedItem,
  type PublicityItem,
  type RecommendedProject,
  shanghaiMinute,
} from '@uc/shared';
import type { XlsxColumn } from '../../lib/xlsx.js';

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
