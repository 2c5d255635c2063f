// Response shapes of a policy item opened from a list: its detail, a favourite, a calendar item; and the conditions
// of its programme as plain-text lines.
import {
  type CustomerItem,
  industryName,
  POLICY_CATEGORIES,
  type PolicyConditions,
  type PolicyFavouriteItem,
  type PolicyItemDetail,
  QUALIFICATION_NAMES,
  regionName,
} from '@uc/shared';
import type { Selectable } from 'kysely';
import type { PolicyItemsTable } from '../../db/schema.js';
import { toFeedItem } from '../content/feed-item.js';

export type ItemRow = Selectable<PolicyItemsTable>;

const typeName = (type: string) => POLICY_CATEGORIES.find((c) => c.key === type)?.keyname ?? type;

export const toFavouriteItem = (row: ItemRow & { favourited_at: string }): PolicyFavouriteItem => ({
  ...toFeedItem(row),
  favourited_at: row.favourited_at,
});

/** Each condition of a programme as one line of text (amounts in 万元, ratios in %). */
export function describeConditions(c: PolicyConditions): string[] {
  const lines: string[] = [];
  const names = (list: readonly (keyof typeof QUALIFICATION_NAMES)[]) =>
    list.map((q) => QUALIFICATION_NAMES[q]).join('、');
  const range = (label: string, unit: string, min?: number, max?: number) => {
    if (min !== undefined && max !== undefined) lines.push(`${label}${min}至${max}${unit}`);
    else if (min !== undefined) lines.push(`${label}不少于${min}${unit}`);
    else if (max !== undefined) lines.push(`${label}不超过${max}${unit}`);
  };
  if (c.requires?.length) lines.push(`须为${names(c.requires)}`);
  if (c.excludes?.length) lines.push(`尚未认定为${names(c.excludes)}`);
  if (c.sme_only) lines.push('属于中小企业');
  range('职工人数', '人', c.staff_min, c.staff_max);
  range('上年度营业收入', '万元', c.revenue_min, c.revenue_max);
  if (c.rd_ratio_min !== undefined) lines.push(`研发费用占营业收入比例不低于${c.rd_ratio_min}%`);
  if (c.ip_class1_min !== undefined) lines.push(`Ⅰ类知识产权不少于${c.ip_class1_min}项`);
  if (c.ip_total_min !== undefined) lines.push(`知识产权（Ⅰ类、Ⅱ类合计）不少于${c.ip_total_min}项`);
  range('成立年限', '年', c.age_min_years, c.age_max_years);
  return lines;
}

export function toDetail(
  row: ItemRow,
  extra: {
    now: string;
    programme: { name: string; conditions: PolicyConditions } | null;
    favourite: boolean;
    customers: { list: CustomerItem[]; total: number };
    /** The item's content: body, 文号, 原文链接, attachments and (a 公示公告) its 公示名单's counts. */
    content: Pick<
      PolicyItemDetail,
      'content' | 'doc_no' | 'source_url' | 'attachments' | 'publicity_total' | 'publicity_mine'
    >;
  },
): PolicyItemDetail {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    type_name: typeName(row.type),
    dept_name: row.dept_name,
    area_name: regionName(row.city_code, row.area_code),
    industry_name: row.industry_code === null ? null : (industryName(row.industry_code) ?? row.industry_code),
    publish_time: row.publish_time,
    end_time: row.end_time,
    open: row.type === 'sbtz' && row.end_time !== null && row.end_time >= extra.now,
    programme: extra.programme?.name ?? null,
    conditions: extra.programme ? describeConditions(extra.programme.conditions) : [],
    favourite: extra.favourite,
    customers: extra.customers,
    ...extra.content,
    match_scope: { area: row.area_code ?? row.city_code, industry_code: row.industry_code },
  };
}
