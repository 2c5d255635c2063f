// The plan catalogue and its quantity tiers (product data, seeded into an empty table whatever SEED_DEMO says).
// Prices are demo prices; they live here as data, never in code.
import { LEGACY_LEVELS, PLAN } from '@uc/shared';
import type { Db } from '../connection.js';

interface PlanSeed {
  gid: number;
  name: string;
  level: number | null;
  /** Yuan per unit. */
  unitPrice: number;
  unit: 'year' | 'months12';
  apiCallsPerUnit: number | null;
  features: string[];
  plainInvoiceOnly?: boolean;
}

/** Factor per mille of the total of 1..5 units (1 unit full price, 5 units 20% off). */
const TIERS: readonly number[] = [1000, 950, 900, 850, 800];

export const PLAN_SEED: readonly PlanSeed[] = [
  {
    gid: PLAN.local,
    name: 'VIP地方版',
    level: 20,
    unitPrice: 3_980,
    unit: 'year',
    apiCallsPerUnit: null,
    features: ['本地政策资讯与申报通知', '公示公告查询', '客户管理（500家）', '订阅推送'],
    plainInvoiceOnly: true,
  },
  {
    gid: PLAN.advanced,
    name: 'VIP高级版',
    level: 21,
    unitPrice: 6_980,
    unit: 'months12',
    apiCallsPerUnit: null,
    features: ['全省政策资讯与申报通知', '政策快速匹配', '客户管理（2000家）', '订阅推送'],
  },
  {
    gid: PLAN.professional,
    name: 'VIP专业版',
    level: 22,
    unitPrice: 12_800,
    unit: 'months12',
    apiCallsPerUnit: null,
    features: ['全国政策资讯与申报通知', '政策精准匹配', '高企评测', '客户管理（10000家）', '数据导出'],
  },
  {
    gid: PLAN.supreme,
    name: '至尊版',
    level: 60,
    unitPrice: 19_800,
    unit: 'year',
    apiCallsPerUnit: null,
    features: ['专业版全部功能', '专精特新评测', '专属客户经理', '客户管理（不限）'],
  },
  {
    gid: PLAN.group,
    name: '集团版',
    level: 61,
    unitPrice: 39_800,
    unit: 'year',
    apiCallsPerUnit: null,
    features: ['至尊版全部功能', '多子公司统一管理', '子账号（20个）', '定制数据报告'],
  },
  {
    gid: PLAN.api,
    name: 'API套餐',
    level: null,
    unitPrice: 2_000,
    unit: 'months12',
    apiCallsPerUnit: 50_000,
    features: ['政策源库', '标准化政策库', '资助公示查询（近2年）', '高企评分'],
  },
];

/** Inserts the catalogue into an empty `plans` table; another instance seeding at once leaves its rows standing. */
export async function seedPlans(db: Db): Promise<number> {
  // The catalogue rows of the credit packs, the gift cards and the legacy levels' renewals (migrations') are no plans
  // of the catalogue.
  const empty = async (q: Db = db) =>
    (await q
      .selectFrom('plans')
      .select('gid')
      .where('gid', 'not in', [PLAN.credits, PLAN.gift, ...LEGACY_LEVELS])
      .limit(1)
      .executeTakeFirst()) === undefined;
  if (!(await empty())) return 0;
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await empty(trx))) return 0;
      for (const [index, plan] of PLAN_SEED.entries()) {
        await trx
          .insertInto('plans')
          .values({
            gid: plan.gid,
            name: plan.name,
            level: plan.level,
            unit_price_fen: plan.unitPrice * 100,
            unit: plan.unit,
            api_calls_per_unit: plan.apiCallsPerUnit,
            features: JSON.stringify(plan.features),
            on_sale: 1,
            plain_invoice_only: plan.plainInvoiceOnly ? 1 : 0,
            sort: index + 1,
          })
          .execute();
        await trx
          .insertInto('plan_tiers')
          .values(TIERS.map((factor, i) => ({ gid: plan.gid, count: i + 1, factor_permille: factor })))
          .execute();
      }
      return PLAN_SEED.length;
    });
  } catch (error) {
    if (await empty()) throw error;
    return 0;
  }
}
