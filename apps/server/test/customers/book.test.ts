// The in-memory customer book: every filter term, subset and order against a plain filter-and-sort of the same rows,
// the reload when the member's version moves, one load for concurrent reads, and the row bound.
import { describe, expect, it } from 'vitest';
import type { CustomerFilter } from '../../src/modules/customers/aggregate.js';
import type { BookRow, BookSubset } from '../../src/modules/customers/book.js';
import type { CustomerOrder } from '../../src/modules/customers/repo.js';
import { createMemberSnapshots, MemberSnapshot } from '../../src/modules/customers/snapshot.js';

/** The member snapshots over a source, with the row bound of a test (the production bound by default). */
const createCustomerBooks = (s: ReturnType<typeof source>['source'], maxRows?: number) =>
  createMemberSnapshots(s, { now: () => new Date(), ...(maxRows === undefined ? {} : { maxRows }) });

const NAMES = ['深圳市甲科技有限公司', '广州乙网络科技有限公司', 'ABC深圳贸易', '丙%材料_公司', '深圳丁科技'];
const AREAS = [
  ['440300', '440305'],
  ['440300', '440304'],
  ['440100', '440106'],
] as const;

/** Deterministic rows: ties on every order column, so the id decides. */
function rowsOf(n: number): BookRow[] {
  return Array.from({ length: n }, (_, k) => {
    const [city, area] = AREAS[k % 3] as readonly [string, string];
    return {
      id: 1000 - k * 7,
      name: `${NAMES[k % NAMES.length]}${k}`,
      created_at: new Date(Date.UTC(2025, 0, 1 + (k % 11))).toISOString(),
      reg_time: `20${10 + (k % 9)}-0${1 + (k % 5)}-1${k % 7}`,
      reg_capital_hundredths: (k % 13) * 5000,
      city_code: city,
      area_code: area,
      industry_code: 'CIM'[k % 3] as string,
      is_hightech: k % 4 === 0 ? 1 : 0,
      ipcount1: k % 5,
      ipcount2: k % 7,
    };
  });
}

/** The same answer the obvious way. */
function naive(rows: BookRow[], f: CustomerFilter, subset: BookSubset | undefined, order: CustomerOrder) {
  const column = order.column;
  const matched = rows.filter(
    (r) =>
      (f.city_code === undefined || r.city_code === f.city_code) &&
      (f.area_code === undefined || r.area_code === f.area_code) &&
      (f.industry_code === undefined || r.industry_code === f.industry_code) &&
      (f.industry_codes === undefined || f.industry_codes.includes(r.industry_code)) &&
      (f.is_hightech === undefined || r.is_hightech === (f.is_hightech ? 1 : 0)) &&
      (f.name === undefined || r.name.toLowerCase().includes(f.name.toLowerCase())) &&
      (f.reg_start === undefined || r.reg_time >= f.reg_start) &&
      (f.reg_end === undefined || r.reg_time <= f.reg_end) &&
      (f.capital_min === undefined || r.reg_capital_hundredths >= f.capital_min) &&
      (f.capital_max === undefined || r.reg_capital_hundredths <= f.capital_max) &&
      (subset === undefined ||
        ('ids' in subset
          ? subset.ids.has(r.id)
          : subset.combos.industries.includes(r.industry_code) ||
            subset.combos.districts.some(
              (d) => d.industry_code === r.industry_code && d.area_codes.includes(r.area_code),
            ))),
  );
  matched.sort((a, b) => {
    const x = a[column];
    const y = b[column];
    const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
    return order.direction === 'asc' ? c : -c;
  });
  return matched.map((r) => r.id);
}

/** A source whose version is the rows' count (this test only adds rows), counting its loads. */
const source = (rows: BookRow[]) => {
  const calls = { rows: 0 };
  return {
    calls,
    source: {
      version: async () => rows.length,
      load: async () => {
        calls.rows++;
        return { rows: rows.slice(), answers: [], qualifications: [] };
      },
    },
  };
};

describe('customer book', () => {
  const rows = rowsOf(300);
  const filters: CustomerFilter[] = [
    {},
    { name: '深圳' },
    // The picker's first search: every name contains the empty text.
    { name: '' },
    { name: 'abc' },
    { name: '%' },
    { name: '不存在' },
    { reg_start: '2012-01-01', reg_end: '2015-12-31' },
    { capital_min: 10000, capital_max: 30000 },
    { city_code: '440300', is_hightech: true },
    { area_code: '440106', industry_codes: ['C', 'M'] },
    { industry_code: 'I', is_hightech: false, name: '科技' },
    { area_code: '999999' },
  ];
  const subsets: (BookSubset | undefined)[] = [
    undefined,
    { ids: new Set([1000, 993, 986, 510, 6]) },
    { combos: { industries: ['C'], districts: [{ industry_code: 'I', area_codes: ['440304'] }] } },
  ];
  const orders: CustomerOrder[] = [
    { column: 'created_at', direction: 'desc' },
    { column: 'created_at', direction: 'asc' },
    { column: 'reg_time', direction: 'desc' },
    { column: 'reg_capital_hundredths', direction: 'asc' },
  ];

  it('answers every filter, subset and order as a plain filter and sort does, total and page', async () => {
    const books = createCustomerBooks(source(rows).source);
    for (const filter of filters) {
      for (const subset of subsets) {
        for (const order of orders) {
          const expected = naive(rows, filter, subset, order);
          for (const [offset, limit] of [
            [0, 10],
            [10, 7],
            [expected.length - 1, 10],
          ] as const) {
            const got = await books.select(7, filter, subset, order, Math.max(0, offset), limit);
            expect(got.total).toBe(expected.length);
            expect(got.ids).toEqual(expected.slice(Math.max(0, offset), Math.max(0, offset) + limit));
          }
        }
      }
    }
  });

  it('reloads when the member has more customers than its book, and loads once for concurrent reads', async () => {
    const all = rowsOf(20);
    const data = all.slice(0, 10);
    const { calls, source: s } = source(data);
    const books = createCustomerBooks(s);
    const order: CustomerOrder = { column: 'created_at', direction: 'desc' };
    const [a, b] = await Promise.all([
      books.select(1, {}, undefined, order, 0, 100),
      books.select(1, {}, undefined, order, 0, 100),
    ]);
    expect(a.total).toBe(10);
    expect(b.total).toBe(10);
    expect(calls.rows).toBe(1);
    await books.select(1, { name: '深圳' }, undefined, order, 0, 5);
    expect(calls.rows).toBe(1);
    data.push(...all.slice(10));
    expect((await books.select(1, {}, undefined, order, 0, 100)).total).toBe(20);
    expect(calls.rows).toBe(2);
  });

  it('keeps books within the row bound, and still answers a member larger than it', async () => {
    const { calls, source: s } = source(rowsOf(30));
    const books = createCustomerBooks(s, 50);
    const order: CustomerOrder = { column: 'created_at', direction: 'desc' };
    await books.select(1, {}, undefined, order, 0, 1);
    await books.select(2, {}, undefined, order, 0, 1);
    await books.select(1, {}, undefined, order, 0, 1);
    expect(calls.rows).toBe(3); // 2 evicted 1 (60 rows > 50)
    const small = createCustomerBooks(s, 10);
    expect((await small.select(1, {}, undefined, order, 0, 100)).total).toBe(30);
    await small.select(1, {}, undefined, order, 0, 100);
    expect(calls.rows).toBe(5); // never kept
  });

  it('serves a row by id to the snapshot’s member only', () => {
    const snapshot = new MemberSnapshot(7, 1, { rows: rowsOf(5), answers: [], qualifications: [] });
    expect(snapshot.positionOf(7, 993)).toBeGreaterThanOrEqual(0);
    expect(snapshot.positionOf(8, 993)).toBe(-1);
    expect(snapshot.positionOf(7, 994)).toBe(-1);
  });
});
