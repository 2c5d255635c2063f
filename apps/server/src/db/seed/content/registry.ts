// The company registry's seed: every seeded customer is a registry company first (the customer copies its columns),
// and the registry holds companies that are nobody's customers yet, to be found and added. `npm run seed --
// --companies N` grows it to N for benchmarks: deterministic, resumable, one transaction per batch.
import { randomInt } from 'node:crypto';
import { creditCodeDigits, creditCodeOf } from '@uc/shared';
import type { Db } from '../../connection.js';
import { insertCustomers } from '../../customer-summaries-repo.js';
import { type CustomerSeed, generateCustomer } from './generate.js';
import { mulberry32, type Rng } from './prng.js';
import { countCompanies, insertCompanies, type NewCompany } from './registry-repo.js';
import { AREA_WEIGHTS } from './vocab.js';

const GROW_SEED = 2_000_003;
const BATCH = 5_000;

/** Organisation codes (9 characters) of a batch: `series` (one letter per kind of seed) then a serial of eight. */
export const serialCodes =
  (series: string, first: number) =>
  (i: number): string =>
    series + creditCodeDigits(first + i, 8);

/** Random organisation codes, for rows whose seed has no series (tests): 'R' then eight random characters. */
const randomCodes = (): string =>
  `R${creditCodeDigits(randomInt(31 ** 6), 6)}${creditCodeDigits(randomInt(961), 2)}`;

/** The registry company a seeded customer is (its columns, a credit code). */
function companyOf(row: CustomerSeed, credit_code: string): NewCompany {
  const { user_id: _user, created_at, ...columns } = row;
  return { ...columns, credit_code, created_at };
}

/**
 * Inserts customers, each with the registry company it refers to (its organisation code from `organisation`, random
 * by default), in the caller's transaction or one of its own; returns the customers' ids in order.
 */
export async function insertSeededCustomers(
  db: Db,
  rows: readonly CustomerSeed[],
  organisation: (i: number) => string = randomCodes,
): Promise<number[]> {
  if (rows.length === 0) return [];
  if (!db.isTransaction) {
    return db.transaction().execute((trx) => insertSeededCustomers(trx, rows, organisation));
  }
  const companyIds = await insertCompanies(
    db,
    rows.map((row, i) => companyOf(row, creditCodeOf(row.area_code, organisation(i)))),
  );
  return insertCustomers(
    db,
    rows.map((row, i) => ({ ...row, company_id: companyIds[i] ?? 0 })),
  );
}

/** Generated registry companies nobody holds (series 'E'), in the caller's transaction; returns how many. */
export async function seedRegistry(db: Db, rng: Rng, count: number, now: Date): Promise<number> {
  const rows = Array.from({ length: count }, () =>
    generateCustomer(rng, { userId: 0, now, areas: AREA_WEIGHTS, addedOverDays: 3 * 365 }),
  );
  const organisation = serialCodes('E', 0);
  await insertCompanies(
    db,
    rows.map((row, i) => companyOf(row, creditCodeOf(row.area_code, organisation(i)))),
  );
  return count;
}

/**
 * Adds generated registry companies (nobody's customers) until the registry holds `companies`; returns how many it
 * added. The same starting size always adds the same companies.
 */
export async function growCompanies(
  db: Db,
  options: { companies: number; now?: Date; log?: (line: string) => void },
): Promise<number> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const current = await countCompanies(db);
  const missing = options.companies - current;
  if (missing <= 0) {
    log(`companies: ${current} already (wanted ${options.companies}), nothing to add`);
    return 0;
  }
  const rng = mulberry32(GROW_SEED ^ current);
  const started = Date.now();
  for (let done = 0; done < missing; ) {
    const size = Math.min(BATCH, missing - done);
    const rows = Array.from({ length: size }, () =>
      generateCustomer(rng, { userId: 0, now, areas: AREA_WEIGHTS, addedOverDays: 3 * 365 }),
    );
    const organisation = serialCodes('G', current + done);
    await insertCompanies(
      db,
      rows.map((row, i) => companyOf(row, creditCodeOf(row.area_code, organisation(i)))),
    );
    done += size;
    if (done % 100_000 < BATCH || done === missing) {
      const seconds = (Date.now() - started) / 1000;
      log(`companies: +${done}/${missing}, ${seconds.toFixed(1)} s, ${Math.round(done / seconds)}/s`);
    }
  }
  return missing;
}
