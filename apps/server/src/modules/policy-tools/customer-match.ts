// One open policy item against every customer of a member (按政策找客户): the same matcher and facts as 快速匹配 (the
// platform's facts, the saved answers where the member saved some), over the member's snapshot (customers/snapshot.ts,
// served at the member's current customer version). The match list of one item is kept for LIST_MS per snapshot
// version and day: the first call of an item runs the matcher over the customers in its scope, the next ones only
// slice the list and explain the page's rows.
import {
  type CompanyFacts,
  emptyFacts,
  type MatchLevel,
  matchPolicy,
  matchRank,
  type PolicyConditions,
  type PolicyScope,
} from '@uc/shared';
import { createCache } from '../../lib/cache.js';
import type { Member } from '../../plugins/auth.js';
import type { CustomersService } from '../customers/service.js';
import type { MemberSnapshot } from '../customers/snapshot.js';

/** How long a match list is reused before it is recomputed (ms). */
const LIST_MS = 30_000;
/** Match lists kept at most, and their ids in all (4 bytes each: 16 MB). */
const LISTS_MAX = 2_000;
const LISTS_MAX_IDS = 4_000_000;

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

/** Matching over one snapshot on one day, with one facts object the platform's facts are written into in turn. */
class SnapshotMatcher {
  readonly #facts = emptyFacts();

  constructor(
    readonly snapshot: MemberSnapshot,
    readonly day: string,
  ) {}

  /** The facts of the customer at row `i`: its saved answers over the platform's facts, or the shared object. */
  factsAt(i: number, id: number): CompanyFacts {
    return this.snapshot.answered.get(id) ?? this.snapshot.prefillInto(this.#facts, i);
  }

  /** The matcher's outcome for the customer at row `i`, exactly as 快速匹配 computes it. */
  outcome(i: number, target: MatchTarget) {
    const { book } = this.snapshot;
    const id = book.ids[i] as number;
    const facts = this.factsAt(i, id);
    return matchPolicy(target.scope, target.conditions, {
      facts,
      city_code: book.codes.value(book.city[i] as number),
      held: { hightech: facts.is_hightech, ...this.snapshot.heldOf(id) },
      asOf: this.day,
    });
  }

  list(target: MatchTarget): CustomerMatchList {
    const { book, answered } = this.snapshot;
    const counts: Record<MatchLevel, number> = { 完全匹配: 0, 部分匹配: 0, 不匹配: 0 };
    const { scope } = target;
    // The scope's codes among the member's (-1: no customer has it, so none is in scope).
    const code = (value: string | null) => (value === null ? null : book.codes.find(value));
    const city = code(scope.city_code);
    const area = code(scope.area_code);
    const industry = code(scope.industry_code);
    /** Ids per rank: ranks are small integers, so ordering is a bucket walk, not a sort. */
    const byRank = new Map<number, number[]>();
    // Newest customer first: the rows of a rank are listed in this order.
    const byId = book.positionsById();
    for (let k = byId.length - 1; k >= 0; k--) {
      const i = byId[k] as number;
      const id = book.ids[i] as number;
      // Outside the item's city, district or industry the matcher answers 不匹配: skip it for customers matched
      // from the platform's facts (saved answers may say another district or industry, so those always run).
      if (
        (city !== null && book.city[i] !== city) ||
        (!answered.has(id) &&
          ((area !== null && book.area[i] !== area) || (industry !== null && book.industry[i] !== industry)))
      ) {
        counts.不匹配 += 1;
        continue;
      }
      const outcome = this.outcome(i, target);
      counts[outcome.level] += 1;
      if (outcome.level === '不匹配') continue;
      const rank = matchRank(outcome);
      const ids = byRank.get(rank);
      if (ids) ids.push(id);
      else byRank.set(rank, [id]);
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
  customers: Pick<CustomersService, 'snapshot'>;
  now: () => Date;
}) {
  const lists = createCache<string, CustomerMatchList, { matcher: SnapshotMatcher; target: MatchTarget }>({
    now: deps.now,
    max: LISTS_MAX,
    ttlMs: LIST_MS,
    maxSize: LISTS_MAX_IDS,
    sizeOf: (list) => list.ids.length,
    load: async (_key, { matcher, target }) => matcher.list(target),
  });

  return {
    /**
     * The member's customers matching the item, and a way to explain any of them (the conditions met, missing and
     * undecided, with the facts' own figures).
     */
    async match(member: Member, target: MatchTarget, day: string) {
      const snapshot = await deps.customers.snapshot(member);
      const matcher = new SnapshotMatcher(snapshot, day);
      const list = await lists.fetch(`${member.ownerId}|${snapshot.version}|${day}|${target.id}`, {
        matcher,
        target,
      });
      return {
        list,
        /** The outcome of one of the member's customers; null for any other id. */
        explain(id: number) {
          const i = snapshot.positionOf(member.ownerId, id);
          if (i < 0) return null;
          return { answered: snapshot.answered.has(id), ...matcher.outcome(i, target) };
        },
      };
    },
  };
}

export type CustomerMatcher = ReturnType<typeof createCustomerMatcher>;
