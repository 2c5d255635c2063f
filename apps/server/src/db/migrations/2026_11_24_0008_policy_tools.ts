// Policy tools: the questionnaire answers saved per customer (高企评分, 专精特新评测, 精准匹配 share them) and the
// structured conditions of the declaration programmes, matched to a policy item by a keyword of its title. Frozen once
// merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';

/**
 * Conditions of the declaration programmes the platform lists (reference data, as plan limits are): a policy item whose
 * title holds `title_keyword` carries them. Amounts in 万元, ratios in %.
 */
const PROGRAMME_CONDITIONS: { title_keyword: string; name: string; conditions: Record<string, unknown> }[] = [
  {
    title_keyword: '高新技术企业认定',
    name: '高新技术企业认定',
    conditions: { excludes: ['hightech'], age_min_years: 1, ip_total_min: 1, rd_ratio_min: 3 },
  },
  {
    title_keyword: '专精特新中小企业',
    name: '专精特新中小企业认定',
    conditions: {
      sme_only: true,
      excludes: ['specialized'],
      age_min_years: 2,
      rd_ratio_min: 3,
      revenue_min: 1000,
    },
  },
  {
    title_keyword: '科技型中小企业评价',
    name: '科技型中小企业评价',
    conditions: { sme_only: true, staff_max: 500, revenue_max: 20000, ip_total_min: 1 },
  },
  {
    title_keyword: '企业研究开发资助',
    name: '企业研究开发资助',
    conditions: { age_min_years: 1, rd_ratio_min: 3 },
  },
  {
    title_keyword: '技术改造扶持',
    name: '工业企业技术改造扶持',
    conditions: { age_min_years: 1, revenue_min: 2000 },
  },
  {
    title_keyword: '知识产权资助',
    name: '知识产权资助',
    conditions: { ip_class1_min: 1 },
  },
  {
    title_keyword: '首台（套）',
    name: '首台（套）重大技术装备',
    conditions: { revenue_min: 5000, ip_class1_min: 1 },
  },
  {
    title_keyword: '商贸流通业',
    name: '商贸流通业发展专项资金',
    conditions: { age_min_years: 1, revenue_min: 500 },
  },
  {
    title_keyword: '数字化转型',
    name: '数字化转型示范项目',
    conditions: { age_min_years: 2, revenue_min: 1000 },
  },
  {
    title_keyword: '创新型中小企业评价',
    name: '创新型中小企业评价',
    conditions: { sme_only: true, excludes: ['innovative'] },
  },
  {
    title_keyword: '现代物流业',
    name: '现代物流业发展专项资金',
    conditions: { age_min_years: 1, revenue_min: 1000 },
  },
  {
    title_keyword: '文化产业发展',
    name: '文化产业发展专项资金',
    conditions: { age_min_years: 1 },
  },
  {
    title_keyword: '绿色工厂',
    name: '绿色工厂和节能环保项目',
    conditions: { age_min_years: 2, revenue_min: 2000 },
  },
  {
    title_keyword: '技术创新中心',
    name: '技术创新中心',
    conditions: { requires: ['hightech'], age_min_years: 3, rd_ratio_min: 5, ip_class1_min: 2 },
  },
];

interface PolicyToolTables {
  policy_conditions: { title_keyword: string; name: string; conditions: string };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per customer: the answers of its member's questionnaire (JSON), the customer's member to check the owner.
  await db.schema
    .createTable('customer_assessments')
    .addColumn('customer_id', 'integer', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('policy_conditions')
    .addColumn('title_keyword', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull())
    .execute();
  await (db as Kysely<PolicyToolTables>)
    .insertInto('policy_conditions')
    .values(PROGRAMME_CONDITIONS.map((p) => ({ ...p, conditions: JSON.stringify(p.conditions) })))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('policy_conditions').execute();
  await db.schema.dropTable('customer_assessments').execute();
}
