// The demo's coupon templates and the coupons of two demo accounts (seeded with the demo users). In production the
// templates are an operator's (npm run coupons). Amounts are demo amounts; they live here as data, never in code.
import { DAY_MS, PLAN } from '@uc/shared';
import type { Db } from '../connection.js';

interface TemplateSeed {
  name: string;
  kind: 'full_reduction' | 'discount' | 'voucher';
  thresholdYuan?: number;
  amountYuan?: number;
  percent?: number;
  capYuan?: number;
  gids: number[] | null;
  days: number;
  onRegister?: boolean;
  /** Demo accounts holding one. */
  holders: string[];
}

export const COUPON_SEED: readonly TemplateSeed[] = [
  {
    name: '新人满减券',
    kind: 'full_reduction',
    thresholdYuan: 1000,
    amountYuan: 200,
    gids: null,
    days: 30,
    onRegister: true,
    holders: ['demouser', 'payper01'],
  },
  {
    name: '专业版8折券',
    kind: 'discount',
    percent: 80,
    capYuan: 1000,
    gids: [PLAN.professional],
    days: 60,
    holders: ['payper01'],
  },
  {
    name: '次数包代金券',
    kind: 'voucher',
    amountYuan: 50,
    gids: [PLAN.credits],
    days: 90,
    holders: ['payper01'],
  },
];

/** The templates, and their coupons for the demo accounts that exist; in one transaction, once (no template yet). */
export async function seedDemoCoupons(db: Db, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('coupon_templates').select('id').limit(1).executeTakeFirst()) return 0;
    const stamp = now.toISOString();
    const users = new Map(
      (await trx.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    let issued = 0;
    for (const seed of COUPON_SEED) {
      const holders = seed.holders.flatMap((name) => users.get(name) ?? []);
      const rule = {
        name: seed.name,
        kind: seed.kind,
        threshold_fen: (seed.thresholdYuan ?? 0) * 100,
        discount_fen: (seed.amountYuan ?? 0) * 100,
        percent: seed.percent ?? null,
        max_discount_fen: seed.capYuan === undefined ? null : seed.capYuan * 100,
        scope_gids: seed.gids === null ? null : JSON.stringify(seed.gids),
      };
      const template = await trx
        .insertInto('coupon_templates')
        .values({
          ...rule,
          total_count: null,
          take_limit: 1,
          issued_count: holders.length,
          valid_days: seed.days,
          valid_start: null,
          valid_end: null,
          on_register: seed.onRegister ? 1 : 0,
          status: 'active',
          created_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const userId of holders) {
        await trx
          .insertInto('user_coupons')
          .values({
            ...rule,
            template_id: template.id,
            user_id: userId,
            valid_start: stamp,
            valid_end: new Date(now.getTime() + seed.days * DAY_MS).toISOString(),
            status: 'unused',
            order_id: null,
            locked_at: null,
            used_at: null,
            source: 'operator',
            source_ref: null,
            created_at: stamp,
          })
          .execute();
        issued += 1;
      }
    }
    return issued;
  });
}
