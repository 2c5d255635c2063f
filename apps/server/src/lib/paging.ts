// The paging every list shares: page and size fields, the offset they mean, and the page a list answers.
import { integerIn, MSG, type Page, type PagedSuccess } from '@uc/shared';
import { z } from 'zod';

const PAGE_SIZE = { default: 10, max: 100 } as const;
/** Deeper pages are refused: OFFSET walks every row before it. */
const PAGE_MAX = 10_000;

export const pageField = integerIn(1, PAGE_MAX, MSG.pageInvalid).default(1);
export const sizeField = integerIn(1, PAGE_SIZE.max, MSG.sizeInvalid).default(PAGE_SIZE.default);

/** page >= 1, size 1..100 (default 10). */
export const pagingQuery = z.object({ page: pageField, size: sizeField });
/** Bounded lists (the newest `size`). */
export const sizeQuery = z.object({ size: sizeField });

export interface Paging {
  page: number;
  size: number;
}

export const offsetOf = ({ page, size }: Paging) => (page - 1) * size;

export function pageOf<T>(list: T[], total: number, paging: Paging): Page<T> {
  return { list, total, page: paging.page, size: paging.size };
}

/** Every zod response schema of a page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), page: z.number(), size: z.number() });
}

/** One page of a list: its rows at the page's offset and the list's total, read together. */
export async function readPage<T>(
  paging: Paging,
  rows: (limit: number, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Page<T>> {
  const [list, total] = await Promise.all([rows(paging.size, offsetOf(paging)), count()]);
  return pageOf(list, total, paging);
}

/** The fields of `T` that were given. */
type Given<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/**
 * A list read a batch at a time, each batch after the last row of the previous one (keyset paging: no OFFSET walk,
 * so a row added meanwhile moves nothing); the batches as read.
 */
export async function* keysetPages<T>(
  read: (after: T | undefined, limit: number) => Promise<T[]>,
  batch = 1_000,
): AsyncGenerator<T[]> {
  let after: T | undefined;
  for (;;) {
    const rows = await read(after, batch);
    yield rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1];
  }
}

/** A list's filter from its query: the fields given, without those left out or empty (''). */
export function givenFields<T extends object>(fields: T): Given<T> {
  const given = Object.entries(fields).filter(([, value]) => value !== undefined && value !== '');
  return Object.fromEntries(given) as Given<T>;
}

/** How a repo reads a filtered list: its rows newest first (at an offset, or by keyset before an id), and its total. */
export interface FilteredRows<D, F, R extends { id: number }> {
  rows(db: D, filter: F, limit: number, offset: number, beforeId?: number): Promise<R[]>;
  count(db: D, filter: F): Promise<number>;
}

/**
 * A filtered list read two ways: a page (its rows at the page's offset, and the total) and, for its export, every row
 * newest first a batch at a time (keyset on the id, so a row added meanwhile moves nothing); `present` turns the rows
 * read into the answer's items.
 */
export function filteredList<D, F, R extends { id: number }, T>(
  source: FilteredRows<D, F, R>,
  db: D,
  filter: F,
  present: (rows: R[]) => T[] | Promise<T[]>,
) {
  async function* all(batch = 1_000): AsyncGenerator<T> {
    const read = (after: R | undefined, limit: number) => source.rows(db, filter, limit, 0, after?.id);
    for await (const rows of keysetPages(read, batch)) yield* await present(rows);
  }
  return {
    page: (paging: Paging): Promise<Page<T>> =>
      readPage(
        paging,
        async (limit, offset) => present(await source.rows(db, filter, limit, offset)),
        () => source.count(db, filter),
      ),
    all,
    /** The export: when it was taken, and its rows a batch at a time. */
    export: (at: Date, batch?: number): { at: Date; rows: AsyncIterable<T> } => ({ at, rows: all(batch) }),
  };
}

/** The older lists (getnewslistmore, GetPublicityNewsByCompanyMore) also say `success: true`. */
export async function readSuccessPage<T>(...args: Parameters<typeof readPage<T>>): Promise<PagedSuccess<T>> {
  return { success: true, ...(await readPage(...args)) };
}

export function successPageSchema<T extends z.ZodType>(item: T) {
  return pageSchema(item).extend({ success: z.boolean() });
}
