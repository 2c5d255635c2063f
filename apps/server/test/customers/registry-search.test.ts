// The registry's name search (the database's n-gram index: FTS5 on SQLite, GIN on PostgreSQL) answers exactly the
// rows a plain `LIKE '%text%'` finds, for random names and random texts of two or more characters.
import { type CompanySearchPage, CUSTOMER_BOOK_API, creditCodeDigits, creditCodeOf } from '@uc/shared';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertCompanies } from '../../src/db/seed/content/registry-repo.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { company, createMember, getData, type TestMember } from '../support/members.js';

/** Few characters, so texts repeat inside names and across them; ASCII in lower case (LIKE folds case on SQLite only). */
const ALPHABET = ['科', '技', '深', '圳', '市', '有', '限', '公', '司', 'a', 'b', '1', ' ', '（', '）'];
const NAMES = 400;

let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  member = await createMember(t, 'searchprop');
  const names = fc.sample(
    fc.array(fc.constantFrom(...ALPHABET), { minLength: 3, maxLength: 14 }).map((cs) => cs.join('')),
    { numRuns: NAMES, seed: 20_261_127 },
  );
  await insertCompanies(
    t.db,
    names.map((name, i) => company(name, creditCodeOf('440305', `P${creditCodeDigits(i, 8)}`))),
  );
});
afterAll(() => t.close());

/** Every id the search lists for `q`, page after page. */
async function searched(q: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const res = await getData<CompanySearchPage>(
      t,
      member,
      `${CUSTOMER_BOOK_API.search}?q=${encodeURIComponent(q)}&page=${page}&size=100`,
    );
    ids.push(...res.list.map((c) => c.id));
    if (res.list.length < 100) {
      expect(res.total).toBe(ids.length);
      return ids;
    }
  }
}

async function liked(q: string): Promise<number[]> {
  const rows = await t.db
    .selectFrom('companies')
    .select('id')
    .where(sql<boolean>`name like ${`%${q}%`}`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

it('answers the same rows as LIKE for any text of two or more characters', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc
        .array(fc.constantFrom(...ALPHABET), { minLength: 2, maxLength: 5 })
        .map((cs) => cs.join(''))
        .filter((q) => q.trim() === q),
      async (q) => {
        expect(await searched(q)).toEqual(await liked(q));
      },
    ),
    { numRuns: 150, seed: Number(process.env.MODEL_SEED ?? 7) },
  );
});

it('finds names that hold a text more than once, and upper-case ASCII as lower case', async () => {
  const [id] = await insertCompanies(t.db, [
    company('科技科技ABC有限公司', creditCodeOf('440305', `Q${creditCodeDigits(1, 8)}`)),
  ]);
  expect(await searched('技科技')).toContain(id);
  expect(await searched('abc有')).toContain(id);
  expect(await searched('ABC')).toContain(id);
});
