// The notice search finds a notice by any fragment (two characters or more) of its stored title or body text, on
// both databases: random texts over a small alphabet (so fragments repeat across notices), bodies written as HTML.
import { SEARCH_API, type SearchFilter, type SearchPage, searchWords } from '@uc/shared';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { noticeText } from '../../src/db/migrations/notice-grams.js';
import { indexNotices } from '../../src/db/notice-search-repo.js';
import { escapeHtml } from '../../src/lib/html.js';
import { createSearchService, type SearchService } from '../../src/modules/search/service.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { createMember, getData, hoursFrom, type TestMember } from '../support/members.js';

const ALPHABET = ['研', '发', '费', '用', '企', '业', '补', '助', 'A', 'b', 'B', '&', '<', ' ', '，'];
const NOTICES = 40;
const NOW = new Date();

let t: TestApp;
let member: TestMember;
const stored: { id: number; title: string; body: string }[] = [];

const text = (min: number, max: number) =>
  fc.array(fc.constantFrom(...ALPHABET), { minLength: min, maxLength: max }).map((cs) => cs.join(''));

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  member = await createMember(t, 'searchprop2');
  const notices = fc.sample(fc.tuple(text(2, 16), text(0, 60)), { numRuns: NOTICES, seed: 20_261_129 });
  for (const [i, [title, body]] of notices.entries()) {
    const { id } = await t.db
      .insertInto('policy_items')
      .values({
        type: 'zcdt',
        title,
        dept_name: '某部门',
        city_code: null,
        area_code: null,
        industry_code: null,
        publish_time: hoursFrom(NOW, -1 - i),
        end_time: null,
        content: `<p>${escapeHtml(body)}</p>`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await indexNotices(t.db, 'policy', [id]);
    stored.push({ id, title, body: noticeText(`<p>${escapeHtml(body)}</p>`) });
  }
});
afterAll(() => t.close());

/** Every id the search lists for `q`, page after page. */
async function searched(q: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const res = await getData<SearchPage>(
      t,
      member,
      `${SEARCH_API.search}?q=${encodeURIComponent(q)}&page=${page}&size=100`,
    );
    ids.push(...res.list.map((h) => h.id));
    if (res.list.length < 100) {
      expect(res.total).toBe(ids.length);
      return ids;
    }
  }
}

/** A search text of a fragment: its words (blank-separated) each two characters or more. */
const searchable = (q: string) => {
  const words = searchWords(q.trim());
  return words.length > 0 && words.length <= 5 && words.every((w) => [...w].length >= 2);
};

it('finds a notice by any fragment of its title or body, and only notices holding every word', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.nat(NOTICES - 1),
      fc.boolean(),
      fc.nat(),
      fc.integer({ min: 2, max: 12 }),
      async (index, inTitle, startSeed, length) => {
        const notice = stored[index % stored.length];
        if (!notice) return;
        const source = inTitle ? notice.title : notice.body;
        const chars = [...source];
        if (chars.length < 2) return;
        const start = startSeed % (chars.length - 1);
        const q = chars.slice(start, start + length).join('');
        if (!searchable(q)) return;
        const ids = await searched(q);
        expect(ids).toContain(notice.id);
        // Nothing else: every hit holds every word (Latin letters folded).
        const fold = (s: string) => s.toLowerCase();
        const expected = stored
          .filter((n) => searchWords(q).every((w) => fold(`${n.title}\n${n.body}`).includes(fold(w))))
          .map((n) => n.id);
        expect(new Set(ids)).toEqual(new Set(expected));
      },
    ),
    { numRuns: 120, seed: 38 },
  );
});

// PostgreSQL reaches the rows by walking the key or from the GIN indexes (or both, past the walk's rows): every plan
// answers every page and total the same. After ANALYZE, so the default plan reads the statistics as in production.
it.runIf(process.env.TEST_DB === 'postgres')(
  'answers the same pages and totals on every PostgreSQL plan',
  async () => {
    await sql`analyze notice_search`.execute(t.db);
    const services = [{ walkRows: 2_000 }, { walkRows: 0 }, { walkRows: 1 }, { walkRows: 4 }].map((plan) =>
      createSearchService({ db: t.db, now: () => NOW, plan }),
    );
    const pages = async (service: SearchService, filter: SearchFilter) => {
      const seen: unknown[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const res = await service.search(filter, { page, size: 3 });
        seen.push(
          res.total,
          res.capped,
          res.list.map((h) => h.id),
        );
      }
      return seen;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.nat(NOTICES - 1),
        fc.nat(),
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom<Partial<SearchFilter>>({}, { type: 'zcdt' }, { type: 'sbtz' }, { dept: '部门' }),
        async (index, startSeed, length, filter) => {
          const notice = stored[index % stored.length];
          if (!notice) return;
          const chars = [...`${notice.title}${notice.body}`];
          const start = startSeed % Math.max(1, chars.length - 1);
          const q = chars.slice(start, start + length).join('');
          if (!searchable(q)) return;
          const [first, ...rest] = await Promise.all(
            services.map((s) => pages(s, { ...filter, q } as SearchFilter)),
          );
          for (const other of rest) expect(other).toEqual(first);
        },
      ),
      { numRuns: 40, seed: 3_811 },
    );
  },
);
