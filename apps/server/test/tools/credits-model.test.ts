// A model-based test of the usage-credit ledger (docs/decisions.md "tools"): random sequences of
// grants (sources repeating), uses (request ids repeating), uses racing each other and time passing, run against the
// real database (SQLite, and PostgreSQL in CI). After every step: no grant below zero or above its total, each grant's
// spent credits are exactly its use rows, a request id is charged at most once, a source grants at most once, and the
// balance is what the model expects. A failure prints fast-check's seed; MODEL_SEED replays one.
import { DAY_MS, type ToolCode } from '@uc/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolsService, type UseOutcome } from '../../src/modules/tools/service.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { createMember } from '../support/members.js';
import { testLauncher } from '../support/tools.js';

const TOOL: ToolCode = 'hts_score';
const FIXED_SEED = 20_261_126;

let t: TestApp;
let userId: number;
let clock = Date.parse('2026-11-26T00:00:00.000Z');
const now = () => new Date(clock);

beforeAll(async () => {
  t = await createTestApp();
  userId = (await createMember(t, 'creditmodel01')).id;
});
afterAll(() => t.close());

interface Model {
  /** By source: the credits granted, left, and until when. */
  grants: Map<string, { total: number; left: number; expiresAt: number }>;
  charged: Set<string>;
}

interface Real {
  tools: ReturnType<typeof createToolsService>;
}

type Step = fc.AsyncCommand<Model, Real>;

/** What the model can spend now: the unexpired grants' remainder. */
const available = (m: Model) =>
  [...m.grants.values()].filter((g) => g.expiresAt > clock).reduce((sum, g) => sum + g.left, 0);

/** Spends one credit in the model from the grant that expires first (as the service does). */
function spend(m: Model) {
  const grant = [...m.grants.values()]
    .filter((g) => g.expiresAt > clock && g.left > 0)
    .sort((a, b) => a.expiresAt - b.expiresAt)[0];
  if (grant) grant.left -= 1;
}

class Grant implements Step {
  constructor(
    readonly source: string,
    readonly uses: number,
    readonly days: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const expiresAt = clock + this.days * DAY_MS;
    const written = await r.tools.grantCredits({
      userId,
      toolCode: TOOL,
      sourceType: 'order',
      sourceId: this.source,
      uses: this.uses,
      expiresAt: new Date(expiresAt).toISOString(),
      at: now().toISOString(),
    });
    expect(written, 'a source grants once').toBe(!m.grants.has(this.source));
    if (written) m.grants.set(this.source, { total: this.uses, left: this.uses, expiresAt });
  }
  toString = () => `grant(${this.source}, ${this.uses}, ${this.days}d)`;
}

/** The outcome the model expects for a use of `id`, applied to the model. */
function expectUse(m: Model, id: string): UseOutcome {
  if (m.charged.has(id)) return 'repeated';
  if (available(m) === 0) return 'insufficient';
  spend(m);
  m.charged.add(id);
  return 'charged';
}

class Use implements Step {
  constructor(readonly id: string) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const outcome = await r.tools.useCredit(userId, TOOL, this.id);
    expect(outcome).toBe(expectUse(m, this.id));
  }
  toString = () => `use(${this.id})`;
}

/** Uses racing each other (a request retried while the first is still running, or several evaluations at once). */
class Race implements Step {
  constructor(readonly ids: readonly string[]) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const outcomes = await Promise.all(this.ids.map((id) => r.tools.useCredit(userId, TOOL, id)));
    // Whatever the order the database served them in, each distinct new id is charged once while credits last,
    // and every other call of that id is a repeat.
    const before = available(m);
    const fresh = [...new Set(this.ids)].filter((id) => !m.charged.has(id));
    const chargedNow = new Set(this.ids.filter((_id, i) => outcomes[i] === 'charged'));
    expect(chargedNow.size, 'charged ids').toBe(Math.min(before, fresh.length));
    for (const [i, id] of this.ids.entries()) {
      if (m.charged.has(id)) expect(outcomes[i], id).toBe('repeated');
      else if (chargedNow.has(id)) expect(['charged', 'repeated']).toContain(outcomes[i]);
      else expect(outcomes[i], id).toBe('insufficient');
    }
    expect(outcomes.filter((o) => o === 'charged')).toHaveLength(chargedNow.size);
    for (const id of chargedNow) {
      spend(m);
      m.charged.add(id);
    }
  }
  toString = () => `race(${this.ids.join(',')})`;
}

class Advance implements Step {
  constructor(readonly hours: number) {}
  check = () => true;
  async run() {
    clock += this.hours * 3_600_000;
  }
  toString = () => `advance(${this.hours}h)`;
}

async function checkInvariants(m: Model, r: Real) {
  const grants = await t.db
    .selectFrom('tool_credit_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const uses = await t.db.selectFrom('tool_credit_uses').selectAll().where('user_id', '=', userId).execute();
  expect(new Set(uses.map((u) => u.request_id)).size, 'one use per request id').toBe(uses.length);
  expect(uses.length, 'uses').toBe(m.charged.size);
  for (const grant of grants) {
    expect(grant.remaining).toBeGreaterThanOrEqual(0);
    expect(grant.remaining).toBeLessThanOrEqual(grant.total);
    const spent = uses.filter((u) => u.grant_id === grant.id).length;
    expect(grant.total - grant.remaining, `grant ${grant.source_id}`).toBe(spent);
    expect(grant.remaining, `grant ${grant.source_id}`).toBe(m.grants.get(grant.source_id)?.left);
  }
  const mine = await r.tools.mine({ ownerId: userId, level: 1, planExpiry: null });
  const tool = mine.find((x) => x.code === TOOL);
  expect(tool?.credits, 'balance').toBe(available(m));
  expect(tool?.source).toBe(available(m) > 0 ? 'credits' : null);
}

const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const steps: fc.Arbitrary<Step>[] = [
  fc
    .tuple(
      fc.constantFrom('o1', 'o2', 'o3', 'o4'),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 3 }),
    )
    .map(([source, uses, days]) => new Grant(source, uses, days)),
  ids.map((id) => new Use(id)),
  fc.array(ids, { minLength: 2, maxLength: 5 }).map((list) => new Race(list)),
  fc.integer({ min: 1, max: 30 }).map((hours) => new Advance(hours)),
];

async function runModel(seed: number, numRuns: number) {
  await fc.assert(
    fc.asyncProperty(fc.commands(steps, { maxCommands: 25 }), async (commands) => {
      await t.db.deleteFrom('tool_credit_uses').where('user_id', '=', userId).execute();
      await t.db.deleteFrom('tool_credit_grants').where('user_id', '=', userId).execute();
      const model: Model = { grants: new Map(), charged: new Set() };
      const real: Real = {
        tools: createToolsService({ db: t.db, now, toolHosts: [], launcher: testLauncher(now) }),
      };
      const checked = [...commands].map(
        (command): Step => ({
          check: (m) => command.check(m),
          run: async (m, r) => {
            await command.run(m, r);
            await checkInvariants(m, r);
          },
          toString: () => command.toString(),
        }),
      );
      await fc.asyncModelRun(() => ({ model, real }), checked);
    }),
    { seed, numRuns },
  );
}

describe('usage credits, model-based', () => {
  it('keep their invariants under random grants, uses, races and time (fixed seed)', async () => {
    await runModel(Number(process.env.MODEL_SEED ?? FIXED_SEED), 40);
  }, 240_000);
});
