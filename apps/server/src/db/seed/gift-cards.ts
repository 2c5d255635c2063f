// The gift cards a member can buy for its customers (product data, seeded into an empty table whatever SEED_DEMO
// says). Prices are demo prices; they live here as data, never in code.
import { PLAN } from '@uc/shared';
import type { Db } from '../connection.js';

interface GiftSeed {
  name: string;
  grant: { kind: 'plan'; gid: number; years: number } | { kind: 'credits'; tool: string; uses: number };
  yuan: number;
}

/** How long a bought card can be bound. */
const VALID_DAYS = 365;

export const GIFT_SEED: readonly GiftSeed[] = [
  { name: 'VIP地方版年卡', grant: { kind: 'plan', gid: PLAN.local, years: 1 }, yuan: 1980 },
  { name: 'VIP专业版年卡', grant: { kind: 'plan', gid: PLAN.professional, years: 1 }, yuan: 6980 },
  { name: '高企评分50次卡', grant: { kind: 'credits', tool: 'hts_score', uses: 50 }, yuan: 399 },
  { name: '专精特新评测50次卡', grant: { kind: 'credits', tool: 'sme_evaluation', uses: 50 }, yuan: 399 },
];

/** Inserts the products into an empty table; another instance seeding at once leaves its rows standing. */
export async function seedGiftCards(db: Db): Promise<number> {
  const empty = async (q: Db) =>
    (await q.selectFrom('gift_card_products').select('id').limit(1).executeTakeFirst()) === undefined;
  if (!(await empty(db))) return 0;
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await empty(trx))) return 0;
      await trx
        .insertInto('gift_card_products')
        .values(
          GIFT_SEED.map((g, i) => ({
            name: g.name,
            grant_kind: g.grant.kind,
            grant_gid: g.grant.kind === 'plan' ? g.grant.gid : null,
            grant_tool: g.grant.kind === 'credits' ? g.grant.tool : null,
            grant_units: g.grant.kind === 'plan' ? g.grant.years : g.grant.uses,
            price_fen: g.yuan * 100,
            valid_days: VALID_DAYS,
            sort: i + 1,
          })),
        )
        .execute();
      return GIFT_SEED.length;
    });
  } catch (error) {
    if (await empty(db)) throw error;
    return 0;
  }
}
