// Grows a database to N customers for benchmarks (`npm run seed -- --customers 1000000`): demouser gets up
// to DEMO_TARGET of them, the rest go to generated members of a few hundred customers each. Deterministic, resumable
// (it only adds what is missing), batched, one transaction per batch, aggregates maintained as for any insert.
import { DAY_MS, HOUR_MS, PLAN } from '@uc/shared';
import { sql } from 'kysely';
import type { Db } from '../../connection.js';
import { type CustomerSeed, companyName, generateCustomer, publicityFor } from './generate.js';
import { mulberry32, type Rng } from './prng.js';
import { insertSeededCustomers, serialCodes } from './registry.js';
import { AREA_WEIGHTS, INDUSTRY_PROFILE } from './vocab.js';

const GROW_SEED = 1_000_003;
/** demouser's share: its own queries run at a realistic large scale. */
const DEMO_TARGET = 50_000;
const BATCH = 5_000;
const MEMBER_PREFIX = 'bench';

interface GrowOptions {
  /** Total customers wanted in the database. */
  customers: number;
  /** demouser's share, DEMO_TARGET by default. */
  demoTarget?: number;
  now?: Date;
  log?: (line: string) => void;
}

async function countCustomers(db: Db, userId?: number): Promise<number> {
  let query = db.selectFrom('customer_stats').select((eb) => eb.fn.sum<number | string>('customers').as('n'));
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Creates `count` members that cannot log in (no usable password), each its own push group. */
async function createMembers(db: Db, rng: Rng, first: number, count: number, now: Date): Promise<number[]> {
  const stamp = now.toISOString();
  const industries = INDUSTRY_PROFILE.map((p) => [p, p.weight] as const);
  const rows = Array.from({ length: count }, (_, i) => ({
    username: `${MEMBER_PREFIX}${String(first + i).padStart(6, '0')}`,
    // Not an Argon2 hash: verification always fails, so these accounts never log in.
    password_hash: '!',
    company_name: companyName(rng, rng.weighted(AREA_WEIGHTS), rng.weighted(industries).words),
    level: 22,
    gid: PLAN.professional,
    expired_at: new Date(now.getTime() + 365 * DAY_MS).toISOString(),
    created_at: stamp,
    updated_at: stamp,
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('users')
      .values(rows.slice(i, i + 500))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  await db
    .updateTable('users')
    .set({ group_id: sql<number>`id` })
    .where('username', 'like', `${MEMBER_PREFIX}%`)
    .where('group_id', '=', 0)
    .execute();
  return ids;
}

/** Inserts customers in batches (one transaction each), with public notices naming about 2% of them. */
async function insertInBatches(
  db: Db,
  rng: Rng,
  rows: CustomerSeed[],
  now: Date,
  progress: (added: number) => void,
  firstSerial: number,
): Promise<void> {
  const nowMs = now.getTime();
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await db.transaction().execute(async (trx) => {
      const ids = await insertSeededCustomers(trx, batch, serialCodes('C', firstSerial + i));
      const publicity = batch.flatMap((customer, j) => {
        const id = ids[j];
        if (id === undefined || !rng.chance(0.02)) return [];
        const publishedMs = nowMs - rng.int(1, 365 * 24) * HOUR_MS;
        return [publicityFor(rng, customer, publishedMs, { customer_id: id, user_id: customer.user_id })];
      });
      for (let k = 0; k < publicity.length; k += 500) {
        await trx
          .insertInto('publicity_items')
          .values(publicity.slice(k, k + 500))
          .execute();
      }
    });
    progress(batch.length);
  }
}

/** Adds customers until the database holds `options.customers`; returns how many it added. */
export async function growCustomers(db: Db, options: GrowOptions): Promise<number> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const started = Date.now();
  const current = await countCustomers(db);
  let missing = options.customers - current;
  if (missing <= 0) {
    log(`customers: ${current} already (wanted ${options.customers}), nothing to add`);
    return 0;
  }
  const demo = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'demouser')
    .executeTakeFirst();
  if (!demo) throw new Error('demouser is missing: seed the demo accounts first (SEED_DEMO=true)');

  // A seed per starting size, so a resumed run does not repeat the names of the first.
  const rng = mulberry32(GROW_SEED ^ current);
  const total = missing;
  let added = 0;
  let reported = 0;
  const progress = (n: number) => {
    added += n;
    if (added - reported >= 50_000 || added === total) {
      reported = added;
      const seconds = (Date.now() - started) / 1000;
      log(
        `customers: +${added}/${total} (${current + added} in total), ${seconds.toFixed(1)} s, ${Math.round(added / seconds)}/s`,
      );
    }
  };
  const base = { now, areas: AREA_WEIGHTS, addedOverDays: 3 * 365 };

  const demoTarget = options.demoTarget ?? DEMO_TARGET;
  const demoAdd = Math.min(missing, Math.max(0, demoTarget - (await countCustomers(db, demo.id))));
  if (demoAdd > 0) {
    const rows = Array.from({ length: demoAdd }, () => generateCustomer(rng, { ...base, userId: demo.id }));
    await insertInBatches(db, rng, rows, now, progress, current + added);
    missing -= demoAdd;
  }

  const existing = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('username', 'like', `${MEMBER_PREFIX}%`)
    .executeTakeFirst();
  let nextMember = Number(existing?.n ?? 0) + 1;
  while (missing > 0) {
    // Members of 100 to 900 customers (about 500): a batch of members at a time.
    const sizes: number[] = [];
    let planned = 0;
    while (planned < Math.min(missing, BATCH * 10)) {
      const size = Math.min(rng.int(100, 900), missing - planned);
      sizes.push(size);
      planned += size;
    }
    const members = await createMembers(db, rng, nextMember, sizes.length, now);
    nextMember += sizes.length;
    const rows: CustomerSeed[] = [];
    sizes.forEach((size, i) => {
      const userId = members[i];
      if (userId === undefined) return;
      for (let k = 0; k < size; k++) rows.push(generateCustomer(rng, { ...base, userId }));
    });
    await insertInBatches(db, rng, rows, now, progress, current + added);
    missing -= planned;
  }
  log(`customers: added ${total} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return total;
}
