// Which notice (policy item) a recommended project and an own publicity entry belong to, guessed from their titles:
// a project's 申报通知 is an sbtz item of the same region and department whose title is most alike, an own publicity
// entry's 公示公告 a gsgg item of the same title (or of the same department and a nearly equal one). Migration
// 2026_11_29_0045_notice_links fills the rows it finds with it and the seed links its demo rows the same way, so it is
// frozen like a migration: a change would need a migration of its own.
import type { Kysely } from 'kysely';

/**
 * A project's name and its notice's title share at least this share of character pairs (Dice): the notice of its own
 * programme shares more than half (its title adds 关于组织申报……的通知), one of another programme of the same place
 * and year about half.
 */
const PROJECT_LIKENESS = 0.525;
/** An own publicity entry's title and its notice's title (same department) share at least this share. */
const PUBLICITY_LIKENESS = 0.9;

interface Candidate {
  id: number;
  title: string;
  dept_name: string;
  city_code: string | null;
  area_code: string | null;
  publish_time: string;
}

/** The text's adjacent character pairs, each counted. */
function pairs(text: string): Map<string, number> {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < chars.length; i += 1) {
    const pair = `${chars[i]}${chars[i + 1]}`;
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** The character pairs of `a`, of `b`, and of both. */
function pairCounts(a: string, b: string): { a: number; b: number; shared: number } {
  const pa = pairs(a);
  const pb = pairs(b);
  const counts = { a: 0, b: 0, shared: 0 };
  for (const n of pa.values()) counts.a += n;
  for (const [pair, n] of pb) {
    counts.b += n;
    counts.shared += Math.min(n, pa.get(pair) ?? 0);
  }
  return counts;
}

/** Dice's coefficient of two texts' character pairs: 1 for the same text, 0 for nothing in common. */
export function likeness(a: string, b: string): number {
  const c = pairCounts(a, b);
  return c.a + c.b === 0 ? 0 : (2 * c.shared) / (c.a + c.b);
}

const YEAR = /(?:19|20)\d{2}/;

/** The best candidate for a title: highest score, then the one published nearest `at`, then the lowest id. */
function best(
  title: string,
  at: string,
  candidates: readonly Candidate[],
  threshold: number,
  score: (title: string, candidate: string) => number,
): Candidate | undefined {
  const year = YEAR.exec(title)?.[0];
  const atMs = Date.parse(at);
  let chosen: { candidate: Candidate; score: number; distance: number } | undefined;
  for (const candidate of candidates) {
    if (year && !candidate.title.includes(year)) continue;
    const value = candidate.title === title ? 1 : score(title, candidate.title);
    if (value < threshold) continue;
    const distance = Math.abs(Date.parse(candidate.publish_time) - atMs) || 0;
    if (
      !chosen ||
      value > chosen.score ||
      (value === chosen.score && distance < chosen.distance) ||
      (value === chosen.score && distance === chosen.distance && candidate.id < chosen.candidate.id)
    )
      chosen = { candidate, score: value, distance };
  }
  return chosen?.candidate;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const placeKey = (row: { dept_name: string; city_code: string | null; area_code: string | null }) =>
  `${row.dept_name}|${row.city_code ?? ''}|${row.area_code ?? ''}`;

/** Any database: the helper reads and writes by table and column name, as a migration does. */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

async function candidatesOf(db: AnyDb, type: 'sbtz' | 'gsgg'): Promise<Candidate[]> {
  return (await db
    .selectFrom('policy_items')
    .select(['id', 'title', 'dept_name', 'city_code', 'area_code', 'publish_time'])
    .where('type', '=', type)
    .where('withdrawn_at', 'is', null)
    .execute()) as unknown as Candidate[];
}

/**
 * Links every project and own publicity entry without a notice to the one its title points at, when one does;
 * answers how many of each it linked.
 */
export async function linkNotices(
  /** A Kysely database or transaction, of whatever schema type its caller has. */
  database: object,
): Promise<{ projects: number; publicity: number }> {
  const db = database as unknown as AnyDb;
  let projects = 0;
  let publicity = 0;

  const notices = groupBy(await candidatesOf(db, 'sbtz'), placeKey);
  const openProjects = (await db
    .selectFrom('projects')
    .select(['mid', 'name', 'dept_name', 'city_code', 'area_code', 'start_time'])
    .where('item_id', 'is', null)
    .execute()) as unknown as {
    mid: number;
    name: string;
    dept_name: string;
    city_code: string | null;
    area_code: string | null;
    start_time: string;
  }[];
  for (const project of openProjects) {
    const found = best(
      project.name,
      project.start_time,
      notices.get(placeKey(project)) ?? [],
      PROJECT_LIKENESS,
      likeness,
    );
    if (!found) continue;
    await db.updateTable('projects').set({ item_id: found.id }).where('mid', '=', project.mid).execute();
    projects += 1;
  }

  const lists = await candidatesOf(db, 'gsgg');
  const byTitle = groupBy(lists, (row) => row.title);
  const byDept = groupBy(lists, (row) => row.dept_name);
  const entries = (await db
    .selectFrom('own_publicity')
    .select(['id', 'title', 'dept_name', 'publish_time'])
    .where('item_id', 'is', null)
    .execute()) as unknown as { id: number; title: string; dept_name: string; publish_time: string }[];
  for (const entry of entries) {
    const found =
      best(entry.title, entry.publish_time, byTitle.get(entry.title) ?? [], 1, likeness) ??
      best(entry.title, entry.publish_time, byDept.get(entry.dept_name) ?? [], PUBLICITY_LIKENESS, likeness);
    if (!found) continue;
    await db.updateTable('own_publicity').set({ item_id: found.id }).where('id', '=', entry.id).execute();
    publicity += 1;
  }
  return { projects, publicity };
}
