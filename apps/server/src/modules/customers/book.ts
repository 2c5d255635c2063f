// A member's customer book: its customers stored column by column, so the terms no maintained summary holds (a part
// of the name, registration-date and capital ranges, the customers named in public notices) are answered with their
// total and one page's ids in a single pass over at most the member's rows, instead of a count and a sort over the
// table. The name search is a substring test, which no B-tree index serves. Policy matching reads the same columns
// (snapshot.ts keeps one book per member, with its version).
import type { ComboRestriction, CustomerFilter } from './aggregate.js';
import type { CustomerOrder, CustomerRow } from './repo.js';

/** One customer as the book loads it: the list's columns and the platform's facts policy matching reads. */
export type BookRow = Pick<
  CustomerRow,
  | 'id'
  | 'name'
  | 'created_at'
  | 'reg_time'
  | 'reg_capital_hundredths'
  | 'city_code'
  | 'area_code'
  | 'industry_code'
  | 'is_hightech'
  | 'ipcount1'
  | 'ipcount2'
>;

/** Which of the member's customers a list shows beside its filter (as `CustomerSubset`, with the notice ids read). */
export type BookSubset = { combos: ComboRestriction } | { ids: ReadonlySet<number> };

/** 'YYYY-MM-DD' as the number YYYYMMDD (ordered the same way); anything else as 0. */
function dayNumber(date: string): number {
  const n = Number(date.slice(0, 10).replaceAll('-', ''));
  return Number.isFinite(n) ? n : 0;
}

/** Between the names in the joined text; names never hold control characters (the shared text fields refuse them). */
const NAME_SEPARATOR = '\u0000';

/** Small codes for the few distinct region and industry codes (a member has at most a few hundred). */
class Codes {
  readonly #codes = new Map<string, number>();
  readonly #values: string[] = [];
  code(value: string): number {
    let code = this.#codes.get(value);
    if (code === undefined) {
      code = this.#codes.size;
      this.#codes.set(value, code);
      this.#values.push(value);
    }
    return code;
  }
  /** The value of a code. */
  value(code: number): string {
    return this.#values[code] ?? '';
  }
  get size(): number {
    return this.#codes.size;
  }
  /** The code of a value, or -1 when no customer has it. */
  find(value: string): number {
    return this.#codes.get(value) ?? -1;
  }
}

const ORDER_KEYS = {
  created_at: 'created',
  reg_time: 'regDay',
  reg_capital_hundredths: 'capital',
} as const satisfies Record<CustomerOrder['column'], string>;

export class Book {
  readonly size: number;
  readonly ids: Int32Array;
  /**
   * The names lower-cased (ASCII letters match either case, on SQLite and PostgreSQL alike), joined by a separator,
   * and where each row's name starts in that text.
   */
  readonly joined: string;
  readonly starts: Int32Array;
  readonly created: Float64Array;
  readonly regDay: Int32Array;
  readonly capital: Float64Array;
  readonly hightech: Uint8Array;
  readonly city: Uint16Array;
  readonly area: Uint16Array;
  readonly industry: Uint16Array;
  /** As loaded (policy matching reads the text itself), and the IP counts of both classes. */
  readonly regTime: string[];
  readonly ip1: Int32Array;
  readonly ip2: Int32Array;
  readonly codes = new Codes();
  /** Row positions sorted by (column, id) ascending, made on first use. */
  readonly #orders = new Map<CustomerOrder['column'], Int32Array>();

  constructor(rows: readonly BookRow[]) {
    const n = rows.length;
    this.size = n;
    this.ids = new Int32Array(n);
    this.starts = new Int32Array(n);
    const names = new Array<string>(n);
    let length = 0;
    this.created = new Float64Array(n);
    this.regDay = new Int32Array(n);
    this.capital = new Float64Array(n);
    this.hightech = new Uint8Array(n);
    this.city = new Uint16Array(n);
    this.area = new Uint16Array(n);
    this.industry = new Uint16Array(n);
    this.regTime = new Array<string>(n);
    this.ip1 = new Int32Array(n);
    this.ip2 = new Int32Array(n);
    rows.forEach((row, i) => {
      this.ids[i] = row.id;
      names[i] = row.name.toLowerCase();
      this.starts[i] = length;
      length += (names[i] as string).length + NAME_SEPARATOR.length;
      this.created[i] = Date.parse(row.created_at) || 0;
      this.regDay[i] = dayNumber(row.reg_time);
      this.capital[i] = Number(row.reg_capital_hundredths);
      this.hightech[i] = Number(row.is_hightech) === 1 ? 1 : 0;
      this.city[i] = this.codes.code(row.city_code);
      this.area[i] = this.codes.code(row.area_code);
      this.industry[i] = this.codes.code(row.industry_code);
      this.regTime[i] = row.reg_time;
      this.ip1[i] = Number(row.ipcount1);
      this.ip2[i] = Number(row.ipcount2);
    });
    this.joined = names.join(NAME_SEPARATOR);
  }

  order(column: CustomerOrder['column']): Int32Array {
    let positions = this.#orders.get(column);
    if (!positions) {
      const key = this[ORDER_KEYS[column]];
      const { ids } = this;
      positions = Int32Array.from({ length: this.size }, (_, i) => i).sort(
        (a, b) => (key[a] as number) - (key[b] as number) || (ids[a] as number) - (ids[b] as number),
      );
      this.#orders.set(column, positions);
    }
    return positions;
  }

  /**
   * The rows passing every term of the filter and the subset, as a mask (1 = passes), built a term at a time over
   * the columns; undefined when there is no term.
   */
  mask(filter: CustomerFilter, subset: BookSubset | undefined): Uint8Array | undefined {
    const n = this.size;
    let mask: Uint8Array | undefined;
    /** Keeps the rows where `passes` holds. */
    const keep = (passes: (i: number) => boolean) => {
      if (!mask) {
        mask = new Uint8Array(n);
        for (let i = 0; i < n; i++) mask[i] = passes(i) ? 1 : 0;
      } else {
        for (let i = 0; i < n; i++) if (mask[i] === 1 && !passes(i)) mask[i] = 0;
      }
    };
    /** Keeps the rows of another mask. */
    const and = (other: Uint8Array) => keep((i) => other[i] === 1);
    const { codes } = this;
    const oneOf = (column: Uint16Array, values: readonly string[]) => {
      const wanted = new Uint8Array(codes.size);
      for (const value of values) {
        const code = codes.find(value);
        if (code >= 0) wanted[code] = 1;
      }
      keep((i) => wanted[column[i] as number] === 1);
    };
    if (filter.city_code !== undefined) oneOf(this.city, [filter.city_code]);
    if (filter.area_code !== undefined) oneOf(this.area, [filter.area_code]);
    if (filter.industry_code !== undefined) oneOf(this.industry, [filter.industry_code]);
    if (filter.industry_codes !== undefined) oneOf(this.industry, filter.industry_codes);
    if (filter.is_hightech !== undefined) {
      const wanted = filter.is_hightech ? 1 : 0;
      keep((i) => this.hightech[i] === wanted);
    }
    if (filter.name !== undefined) and(this.named(filter.name.toLowerCase()));
    if (filter.reg_start !== undefined || filter.reg_end !== undefined) {
      const from = filter.reg_start === undefined ? -Infinity : dayNumber(filter.reg_start);
      const to = filter.reg_end === undefined ? Infinity : dayNumber(filter.reg_end);
      keep((i) => (this.regDay[i] as number) >= from && (this.regDay[i] as number) <= to);
    }
    if (filter.capital_min !== undefined || filter.capital_max !== undefined) {
      const min = filter.capital_min ?? -Infinity;
      const max = filter.capital_max ?? Infinity;
      keep((i) => (this.capital[i] as number) >= min && (this.capital[i] as number) <= max);
    }
    if (subset && 'ids' in subset) {
      and(this.marked(subset.ids));
    } else if (subset) {
      // The combos' customers: a whole industry, or some districts of one (a mask per industry code of areas).
      const whole = new Uint8Array(codes.size);
      for (const industry of subset.combos.industries) {
        const code = codes.find(industry);
        if (code >= 0) whole[code] = 1;
      }
      const districts = new Map<number, Uint8Array>();
      for (const d of subset.combos.districts) {
        const areas = new Uint8Array(codes.size);
        for (const area of d.area_codes) {
          const code = codes.find(area);
          if (code >= 0) areas[code] = 1;
        }
        districts.set(codes.find(d.industry_code), areas);
      }
      keep((i) => {
        const industry = this.industry[i] as number;
        return whole[industry] === 1 || districts.get(industry)?.[this.area[i] as number] === 1;
      });
    }
    return mask;
  }

  /**
   * The rows whose name contains `text` (lower-cased), as a mask: one indexOf scan of all the names joined (a
   * separator no name holds between them) finds every match far faster than a test per name.
   */
  named(text: string): Uint8Array {
    const mask = new Uint8Array(this.size);
    // Every name contains the empty text (and indexOf('') would never run past the end).
    if (text === '') return mask.fill(1);
    if (text.includes(NAME_SEPARATOR)) return mask;
    const { joined, starts } = this;
    let row = 0;
    for (let at = joined.indexOf(text); at !== -1; ) {
      // The row holding position `at`: starts ascend, and the matches do too.
      while (row + 1 < this.size && (starts[row + 1] as number) <= at) row++;
      mask[row] = 1;
      // One match per row is enough: go on from the next row's name.
      const next = row + 1 < this.size ? (starts[row + 1] as number) : joined.length;
      at = joined.indexOf(text, next);
    }
    return mask;
  }

  /** The rows of these customer ids, as a mask. */
  marked(ids: ReadonlySet<number>): Uint8Array {
    const mask = new Uint8Array(this.size);
    for (const id of ids) {
      const at = this.positionOf(id);
      if (at >= 0) mask[at] = 1;
    }
    return mask;
  }

  /** The row of a customer id, or -1: a binary search over the positions sorted by id. */
  positionOf(id: number): number {
    const positions = this.positionsById();
    let lo = 0;
    let hi = positions.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = positions[mid] as number;
      const found = this.ids[at] as number;
      if (found === id) return at;
      if (found < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  #byId: Int32Array | undefined;
  /** Row positions sorted by id ascending, made on first use. */
  positionsById(): Int32Array {
    this.#byId ??= Int32Array.from({ length: this.size }, (_, i) => i).sort(
      (a, b) => (this.ids[a] as number) - (this.ids[b] as number),
    );
    return this.#byId;
  }

  /** The ids of the rows the mask keeps (all without one) in `order`, `offset` to `offset + limit`, and how many. */
  select(
    mask: Uint8Array | undefined,
    order: CustomerOrder,
    offset: number,
    limit: number,
  ): { total: number; ids: number[] } {
    const positions = this.order(order.column);
    const ids: number[] = [];
    let total = 0;
    const n = positions.length;
    for (let k = 0; k < n; k++) {
      const i = positions[order.direction === 'desc' ? n - 1 - k : k] as number;
      if (mask && mask[i] !== 1) continue;
      if (total >= offset && ids.length < limit) ids.push(this.ids[i] as number);
      total++;
    }
    return { total, ids };
  }
}
