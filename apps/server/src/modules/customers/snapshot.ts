// The member snapshot: a member's customers in memory, one per member for the customer list (the book's filters,
// sorts and name search) and for policy matching (the platform's facts, the saved answers, the notices' qualifications),
// loaded by one loader into one cache. Before it serves, every read checks the member's customer version (one row
// by key), which every write to the customers bumps in its transaction: no instance serves a changed customer.
import type { CompanyFacts } from '@uc/shared';
import { type Cache, createCache } from '../../lib/cache.js';
import type { CustomerFilter } from './aggregate.js';
import { Book, type BookRow, type BookSubset } from './book.js';
import { factsOf, heldOf, type PrefillRow, prefillInto } from './grade.js';
import type { CustomerOrder } from './repo.js';

/** Everything a snapshot holds of a member, as its loader reads it. */
export interface SnapshotData {
  /** Every customer of the member, in any order. */
  rows: BookRow[];
  /** The member's saved answers (JSON) per customer. */
  answers: readonly { customer_id: number; answers: string }[];
  /** The qualifications public notices record for the member's customers. */
  qualifications: readonly { customer_id: number | null; qualification: string }[];
}

export interface SnapshotSource {
  /** The member's customer version: one row read by key. */
  version(memberId: number): Promise<number>;
  load(memberId: number): Promise<SnapshotData>;
}

/** Customers kept in all the snapshots at once (about 130 bytes each in their columns), and members at most. */
export const SNAPSHOT_MAX_ROWS = 400_000;
const SNAPSHOT_MAX_MEMBERS = 2_000;
/**
 * A snapshot is reloaded after this long even when its version has not moved: public notices may name a customer
 * outside the customers' write path (the qualifications matching reads).
 */
const SNAPSHOT_TTL_MS = 5 * 60_000;

/** One member's customers at one version. */
export class MemberSnapshot {
  readonly book: Book;
  /** The facts of the customers with saved answers: the answers over the platform's facts. */
  readonly answered = new Map<number, CompanyFacts>();
  readonly #qualifications = new Map<number, Set<string>>();
  /** One row object the columns of a customer are written into when its platform facts are read. */
  readonly #prefill: PrefillRow = {
    reg_time: '',
    industry_code: '',
    area_code: '',
    is_hightech: 0,
    ipcount1: 0,
    ipcount2: 0,
  };

  constructor(
    /** The member the customers belong to: a row is served by id to that member only. */
    readonly owner: number,
    readonly version: number,
    data: SnapshotData,
  ) {
    this.book = new Book(data.rows);
    for (const { customer_id, answers } of data.answers) {
      const i = this.book.positionOf(customer_id);
      if (i >= 0) this.answered.set(customer_id, factsOf(this.#rowAt(i), answers));
    }
    for (const { customer_id, qualification } of data.qualifications) {
      if (customer_id === null) continue;
      const set = this.#qualifications.get(customer_id);
      if (set) set.add(qualification);
      else this.#qualifications.set(customer_id, new Set([qualification]));
    }
  }

  get size(): number {
    return this.book.size;
  }

  /** The row of a customer of `memberId`, or -1 (not a customer of the snapshot's member, or not in it). */
  positionOf(memberId: number, id: number): number {
    return memberId === this.owner ? this.book.positionOf(id) : -1;
  }

  /** The columns of the platform's facts at row `i`, in the one row object (read it before the next call). */
  #rowAt(i: number): PrefillRow {
    const { book } = this;
    const row = this.#prefill;
    row.reg_time = book.regTime[i] as string;
    row.industry_code = book.codes.value(book.industry[i] as number);
    row.area_code = book.codes.value(book.area[i] as number);
    row.is_hightech = book.hightech[i] as number;
    row.ipcount1 = book.ip1[i] as number;
    row.ipcount2 = book.ip2[i] as number;
    return row;
  }

  /** The platform's facts of the customer at row `i`, written into `target`. */
  prefillInto(target: CompanyFacts, i: number): CompanyFacts {
    return prefillInto(target, this.#rowAt(i));
  }

  /** The 梯度 qualifications the notices record for a customer. */
  heldOf(id: number) {
    return heldOf(this.#qualifications.get(id));
  }
}

export function createMemberSnapshots(
  source: SnapshotSource,
  options: { now: () => Date; maxRows?: number },
) {
  const snapshots: Cache<number, MemberSnapshot> = createCache({
    now: options.now,
    max: SNAPSHOT_MAX_MEMBERS,
    ttlMs: SNAPSHOT_TTL_MS,
    // A member larger than the whole bound is still served, from a snapshot kept for that read only.
    maxSize: options.maxRows ?? SNAPSHOT_MAX_ROWS,
    sizeOf: (snapshot) => snapshot.size,
    // The version is read before the rows: a write landing between them makes the snapshot look older than it is
    // (reloaded once more), never newer.
    load: async (memberId) => {
      const version = await source.version(memberId);
      return new MemberSnapshot(memberId, version, await source.load(memberId));
    },
  });

  /** The member's snapshot at its current version (or a later one). */
  async function of(memberId: number): Promise<MemberSnapshot> {
    const version = await source.version(memberId);
    return snapshots.fetch(memberId, undefined, (snapshot) => snapshot.version >= version);
  }

  return {
    of,

    /** One page of the member's customers passing the filter and the subset, as ids in `order`, and their total. */
    async select(
      memberId: number,
      filter: CustomerFilter,
      subset: BookSubset | undefined,
      order: CustomerOrder,
      offset: number,
      limit: number,
    ): Promise<{ total: number; ids: number[] }> {
      const { book } = await of(memberId);
      return book.select(book.mask(filter, subset), order, offset, limit);
    },
  };
}

export type MemberSnapshots = ReturnType<typeof createMemberSnapshots>;
