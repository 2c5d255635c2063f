// Migration 0036 (the plan-period ledger) on a database of before: paid orders become periods at their recorded worth;
// whatever part of a running plan no order covers becomes a period worth nothing, so no member is offered a credit
// larger than the money paid (three years set by staff, then one paid year of 专业版: ¥12,800, not ¥51,200).
import { DAY_MS } from '@uc/shared';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.js';
import { addUnits } from '../../src/modules/commerce/pricing.js';
import { buyPaid, createOrder, createShopApp, type ShopApp } from '../support/commerce.js';
import { createMember, type TestMember } from '../support/members.js';

let t: ShopApp;
beforeAll(async () => {
  t = await createShopApp();
  t.app.commerce.stopSweep();
});
afterAll(() => t.close());

const periodsOf = (member: TestMember) =>
  t.db
    .selectFrom('plan_periods')
    .select(['gid', 'kind', 'value_fen', 'source', 'starts_at', 'ends_at'])
    .where('user_id', '=', member.id)
    .orderBy('id')
    .execute();

describe('migration 2026_11_29_0036_plan_grants', () => {
  it('records paid orders at their worth and the days no order paid at nothing', async () => {
    // Staff set 专业版 for three years (before the ledger: only the member row changed), then a year was paid.
    const granted = await createMember(t, 'mig36grant');
    const threeYears = addUnits(t.now(), 'year', 3).toISOString();
    await t.db.updateTable('users').set({ expired_at: threeYears }).where('id', '=', granted.id).execute();
    const paid = await buyPaid(t, granted.token, 13);
    // A plan set outside the shop and never bought; a plan bought from no plan.
    const given = await createMember(t, 'mig36given');
    const bought = await createMember(t, 'mig36bought', { level: 10 });
    await t.db
      .updateTable('users')
      .set({ gid: null, expired_at: null })
      .where('id', '=', bought.id)
      .execute();
    const boughtFen = await buyPaid(t, bought.token, 1);

    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026_11_29_0035_idempotency_fingerprint')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const grantedPeriods = await periodsOf(granted);
    expect(grantedPeriods.map((p) => [p.kind, p.source, p.value_fen])).toEqual([
      ['extend', 'order', paid],
      ['extend', 'migration', 0],
    ]);
    // The granted part runs from the migration to where the paid year starts.
    expect(grantedPeriods[1]?.ends_at).toBe(threeYears);
    expect(Date.parse(grantedPeriods[1]?.starts_at ?? '')).toBeGreaterThan(Date.now() - DAY_MS);
    const offer = await createOrder(t, granted.token, 6);
    expect(offer.kind).toBe('switch');
    expect(offer.credit * 100).toBeLessThanOrEqual(paid);
    expect(offer.credit).toBe(12_800);

    expect((await periodsOf(given)).map((p) => [p.gid, p.kind, p.source, p.value_fen])).toEqual([
      [13, 'start', 'migration', 0],
    ]);
    expect((await createOrder(t, given.token, 6)).credit).toBe(0);

    expect((await periodsOf(bought)).map((p) => [p.gid, p.kind, p.source, p.value_fen])).toEqual([
      [1, 'start', 'order', boughtFen],
    ]);
  });
});
