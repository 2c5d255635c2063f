// The customer book under random interleavings: adds, removals and imports of one trial member (limit 20), alone or
// two at once, against a model of the set of companies it holds. After every step: no company twice, never more than
// the limit, and the dashboard's figures (the maintained summaries), the quota and a plain count agree; a step run
// alone ends exactly as the model says.
import {
  type AddCustomersAnswer,
  type CompanyInfo,
  CUSTOMER_BOOK_API,
  type CustomerQuota,
  creditCodeDigits,
  creditCodeOf,
  HOME_API,
} from '@uc/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertCompanies } from '../../src/db/seed/content/registry-repo.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer } from '../support/login.js';
import { company, createMember, getData, type TestMember } from '../support/members.js';

const LIMIT = 20;
const COMPANIES = 30;

let t: TestApp;
let member: TestMember;
let companyIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  member = await createMember(t, 'bookmodel', { level: 1 });
  companyIds = await insertCompanies(
    t.db,
    Array.from({ length: COMPANIES }, (_, i) =>
      company(
        `模型测试${String(i).padStart(2, '0')}号科技有限公司`,
        creditCodeOf(i % 2 ? '440305' : '440106', `K${creditCodeDigits(i, 8)}`),
        {
          industry_code: i % 3 ? 'C' : 'I',
          city_code: i % 2 ? '440300' : '440100',
          area_code: i % 2 ? '440305' : '440106',
          is_hightech: i % 4 === 0 ? 1 : 0,
          reg_capital_hundredths: (i + 1) * 50_00,
          reg_time: `20${String(10 + (i % 10)).padStart(2, '0')}-05-01`,
          ipcount1: i % 5,
          ipcount2: i % 7,
          fmzl_count: i % 3,
          rjzzq_count: 1,
          syxx_count: 2,
        },
      ),
    ),
  );
});
afterAll(() => t.close());

type Step = { kind: 'add'; picks: number[] } | { kind: 'remove'; picks: number[] };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    picks: fc.uniqueArray(fc.nat(COMPANIES - 1), { minLength: 1, maxLength: 12 }),
  }),
  fc.record({
    kind: fc.constant('remove' as const),
    picks: fc.uniqueArray(fc.nat(COMPANIES - 1), { minLength: 1, maxLength: 8 }),
  }),
);

/** The member's customers: company id -> customer id. */
async function held(): Promise<Map<number, number>> {
  const rows = await t.db
    .selectFrom('customers')
    .select(['id', 'company_id'])
    .where('user_id', '=', member.id)
    .execute();
  return new Map(rows.map((r) => [r.company_id, r.id]));
}

async function run(step: Step, snapshot: Map<number, number>) {
  const ids = step.picks.map((i) => companyIds[i] ?? 0);
  if (step.kind === 'add') {
    const res = await t.app.inject({
      method: 'POST',
      url: CUSTOMER_BOOK_API.add,
      headers: bearer(member.token),
      payload: { company_ids: ids },
    });
    expect(res.statusCode).toBe(200);
    return res.json<Envelope<AddCustomersAnswer>>().data;
  }
  const customerIds = ids.flatMap((id) => snapshot.get(id) ?? []);
  if (customerIds.length === 0) return undefined;
  const res = await t.app.inject({
    method: 'POST',
    url: CUSTOMER_BOOK_API.remove,
    headers: bearer(member.token),
    payload: { ids: customerIds },
  });
  expect(res.statusCode).toBe(200);
  return undefined;
}

async function checkInvariants() {
  const now = await held();
  const rows = await t.db
    .selectFrom('customers')
    .select('company_id')
    .where('user_id', '=', member.id)
    .execute();
  expect(rows.length).toBe(now.size);
  expect(now.size).toBeLessThanOrEqual(LIMIT);
  const info = await getData<CompanyInfo>(t, member, HOME_API.companyInfo);
  const quota = await getData<CustomerQuota>(t, member, CUSTOMER_BOOK_API.quota);
  expect([info.cus_count, quota.count]).toEqual([now.size, now.size]);
  const hightech = await t.db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', member.id)
    .where('is_hightech', '=', 1)
    .executeTakeFirst();
  expect(info.heightnumber).toBe(Number(hightech?.n ?? 0));
  // The summaries per district and industry equal a plain GROUP BY.
  const stats = await t.db
    .selectFrom('customer_stats')
    .select(['area_code', 'industry_code', 'customers'])
    .where('user_id', '=', member.id)
    .where('customers', '>', 0)
    .execute();
  const grouped = await t.db
    .selectFrom('customers')
    .select((eb) => ['area_code', 'industry_code', eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', member.id)
    .groupBy(['area_code', 'industry_code'])
    .execute();
  const key = (r: { area_code: string; industry_code: string }) => `${r.area_code}|${r.industry_code}`;
  expect(new Map(stats.map((r) => [key(r), Number(r.customers)]))).toEqual(
    new Map(grouped.map((r) => [key(r), Number(r.n)])),
  );
}

it('keeps the limit, one row per company and the figures equal to a plain count under any interleaving', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ together: fc.boolean(), first: stepArb, second: stepArb }), {
        minLength: 1,
        maxLength: 8,
      }),
      async (script) => {
        // Each run starts from an empty book.
        const start = [...(await held()).values()];
        if (start.length > 0) {
          await t.app.inject({
            method: 'POST',
            url: CUSTOMER_BOOK_API.remove,
            headers: bearer(member.token),
            payload: { ids: start },
          });
        }
        const model = new Set<number>();
        for (const { together, first, second } of script) {
          const snapshot = await held();
          if (together) {
            await Promise.all([run(first, snapshot), run(second, snapshot)]);
            const now = await held();
            model.clear();
            for (const id of now.keys()) model.add(id);
          } else {
            const answer = await run(first, snapshot);
            const ids = first.picks.map((i) => companyIds[i] ?? 0);
            if (first.kind === 'add') {
              for (const id of ids) {
                if (!model.has(id) && model.size < LIMIT) model.add(id);
              }
              expect(answer?.count).toBe(model.size);
            } else {
              for (const id of ids) model.delete(id);
            }
            expect(new Set((await held()).keys())).toEqual(model);
          }
          await checkInvariants();
        }
      },
    ),
    { numRuns: Number(process.env.MODEL_RUNS ?? 15), seed: Number(process.env.MODEL_SEED ?? 20_261_127) },
  );
}, 120_000);
