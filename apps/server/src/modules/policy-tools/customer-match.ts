// One open policy item against every customer of a member (按政策找客户): the same matcher and facts as 快速匹配 (the
// platform's facts, the saved answers where the member saved some), over the member's customers held in memory.
//
// A member's customers are loaded once into a store, checked on every call against their version (the customer count
// of the summary rows, customers being only ever added, and the saved answers' count and last change) and reloaded
// when it moved, on a new day (ages change) or after STORE_MS (public notices add qualifications). The match list of
// one item is kept for LIST_MS in the store: the first call of an item runs the matcher over the customers in its
// scope, the next ones only slice the list and explain the page's rows.
import {
  type CompanyFacts,
  emptyFacts,
  type HeldQualifications,
  type MatchLevel,
  matchPolicy,
  matchRank,
  type PolicyConditions,
  type PolicyScope,
} from '@uc/shared';
import { LRUCache } from 'lru-cache';
import type { CustomersService } from '../customers/service.js';
import type { Member } from '../member/scope.js';

type MatchBook = Awaited<ReturnType<CustomersService['matchBook']>>;
type MatchRow = MatchBook['rows'][number];

/** How long a store serves before it is reloaded, and a match list before it is recomputed (ms). */
const STORE_MS = 5 * 60_000;
const LIST_MS = 30_000;
/** Customers kept in all the stores at once (about 200 bytes each), and match lists per store. */
const STORE_MAX_ROWS = 400_000;
const LISTS_PER_STORE = 200;

/** The customers matching one item: ids ordered 完全匹配 first, then by fewest gaps, newest customer first. */
export interface CustomerMatchList {
  ids: Int32Array;
  counts: Record<MatchLevel, number>;
}

/** The item a list is built for: its scope and its programme's conditions. */
export interface MatchTarget {
  id: number;
  scope: PolicyScope;
  conditions: PolicyConditions;
}

class Store {
  readonly rows: MatchRow[];
  readonly lists = new LRUCache<number, { until: number; list: CustomerMatchList }>({ max: LISTS_PER_STORE });
  #byId: Map<number, MatchRow> | undefined;
  /** One facts object the platform's facts of each customer are written into in turn. */
  readonly #facts = emptyFacts();

  constructor(
    readonly book: MatchBook,
    readonly version: string,
    readonly day: string,
    readonly until: number,
  ) {
    // Newest customer first: the rows of a rank are listed in this order.
    this.rows = [...book.rows].sort((a, b) => b.id - a.id);
  }

  row(id: number): MatchRow | undefined {
    this.#byId ??= new Map(this.rows.map((r) => [r.id, r]));
    return this.#byId.get(id);
  }

  /** The facts of a customer: its saved answers over the platform's facts, or the shared object filled for it. */
  factsOf(row: MatchRow): CompanyFacts {
    return this.book.answered.get(row.id) ?? this.book.factsInto(this.#facts, row);
  }

  heldOf(row: MatchRow, facts: CompanyFacts): HeldQualifications {
    return { hightech: facts.is_hightech, ...this.book.heldOf(row.id) };
  }

  /** The matcher's outcome for one customer, exactly as 快速匹配 computes it. */
  outcome(row: MatchRow, target: MatchTarget) {
    const facts = this.factsOf(row);
    return matchPolicy(target.scope, target.conditions, {
      facts,
      city_code: row.city_code,
      held: this.heldOf(row, facts),
      asOf: this.day,
    });
  }

  list(target: MatchTarget): CustomerMatchList {
    const counts: Record<MatchLevel, number> = { 完全匹配: 0, 部分匹配: 0, 不匹配: 0 };
    const { scope } = target;
    /** Ids per rank: ranks are small integers, so ordering is a bucket walk, not a sort. */
    const byRank = new Map<number, number[]>();
    for (const row of this.rows) {
      // Outside the item's city, district or industry the matcher answers 不匹配: skip it for customers matched
      // from the platform's facts (saved answers may say another district or industry, so those always run).
      if (
        (scope.city_code !== null && row.city_code !== scope.city_code) ||
        (!this.book.answered.has(row.id) &&
          ((scope.area_code !== null && row.area_code !== scope.area_code) ||
            (scope.industry_code !== null && row.industry_code !== scope.industry_code)))
      ) {
        counts.不匹配 += 1;
        continue;
      }
      const outcome = this.outcome(row, target);
      counts[outcome.level] += 1;
      if (outcome.level === '不匹配') continue;
      const rank = matchRank(outcome);
      const ids = byRank.get(rank);
      if (ids) ids.push(row.id);
      else byRank.set(rank, [row.id]);
    }
    const ids = new Int32Array(counts.完全匹配 + counts.部分匹配);
    let at = 0;
    for (const rank of [...byRank.keys()].sort((a, b) => a - b)) {
      for (const id of byRank.get(rank) as number[]) ids[at++] = id;
    }
    return { ids, counts };
  }
}

export function createCustomerMatcher(deps: {
  customers: Pick<CustomersService, 'matchBook' | 'matchVersion'>;
  now: () => Date;
}) {
  const stores = new LRUCache<number, Store>({
    maxSize: STORE_MAX_ROWS,
    sizeCalculation: (store) => Math.max(1, store.rows.length),
  });
  /** Loads in flight, so concurrent calls of one member load its customers once. */
  const loading = new Map<string, Promise<Store>>();

  async function storeOf(member: Member, day: string): Promise<Store> {
    const version = await deps.customers.matchVersion(member);
    const at = deps.now().getTime();
    const cached = stores.get(member.id);
    if (cached && cached.version === version && cached.day === day && cached.until > at) return cached;
    const key = `${member.id}|${version}|${day}`;
    let pending = loading.get(key);
    if (!pending) {
      pending = deps.customers
        .matchBook(member)
        .then((book) => {
          const store = new Store(book, version, day, at + STORE_MS);
          if (store.rows.length <= STORE_MAX_ROWS) stores.set(member.id, store);
          return store;
        })
        .finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  }

  return {
    /**
     * The member's customers matching the item, and a way to explain any of them (the conditions met, missing and
     * undecided, with the facts' own figures).
     */
    async match(member: Member, target: MatchTarget, day: string) {
      const store = await storeOf(member, day);
      const at = deps.now().getTime();
      let hit = store.lists.get(target.id);
      if (!hit || hit.until <= at) {
        hit = { until: at + LIST_MS, list: store.list(target) };
        store.lists.set(target.id, hit);
      }
      return {
        list: hit.list,
        explain(id: number) {
          const row = store.row(id);
          if (!row) return null;
          return { answered: store.book.answered.has(id), ...store.outcome(row, target) };
        },
      };
    },
  };
}

export type CustomerMatcher = ReturnType<typeof createCustomerMatcher>;
