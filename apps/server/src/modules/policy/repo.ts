// SQL over the public content customers are matched against: policy items and projects.
import { POLICY_CATEGORIES, type PolicyCategory } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { POLICY_SCOPE_COLUMNS } from '../content/columns.js';
import type { Scope } from './scope.js';

/** Scopes of the declaration notices still open at `now` (deadline not passed). */
export function openDeclarationScopes(db: Db, now: string): Promise<Scope[]> {
  return db
    .selectFrom('policy_items')
    .select(POLICY_SCOPE_COLUMNS)
    .distinct()
    .where('type', '=', 'sbtz')
    .where('end_time', '>=', now)
    .where('publish_time', '<=', now)
    .execute();
}

/** Scopes of the items of one type published in (since, now]. */
export function recentScopes(db: Db, type: PolicyCategory, since: string, now: string): Promise<Scope[]> {
  return db
    .selectFrom('policy_items')
    .select(POLICY_SCOPE_COLUMNS)
    .distinct()
    .where('type', '=', type)
    .where('publish_time', '>', since)
    .where('publish_time', '<=', now)
    .execute();
}

/**
 * Per type: items for the city (its own and the province-wide ones) up to `now`, and those published after `since`
 * (the 24h marker). Two range scans of the (type, city_code, publish_time) index, which covers them.
 */
export async function categoryCounts(db: Db, cityCode: string, since: string, now: string) {
  const count = (city: string | null) =>
    db
      .selectFrom('policy_items')
      .select((eb) => [
        'type',
        eb.fn.countAll().as('count'),
        eb.fn.sum(eb.case().when('publish_time', '>', since).then(1).else(0).end()).as('count_24h'),
      ])
      .where(
        'type',
        'in',
        POLICY_CATEGORIES.map((c) => c.key),
      )
      .where('city_code', city === null ? 'is' : '=', city)
      .where('publish_time', '<=', now)
      .groupBy('type')
      .execute();
  const counts = new Map<string, { count: number; count_24h: number }>();
  for (const rows of await Promise.all([count(cityCode), count(null)])) {
    for (const r of rows) {
      const sum = counts.get(r.type) ?? { count: 0, count_24h: 0 };
      counts.set(r.type, {
        count: sum.count + Number(r.count),
        count_24h: sum.count_24h + Number(r.count_24h ?? 0),
      });
    }
  }
  return counts;
}

/** Issuing departments of the items for the city published in (since, now], busiest first. */
export async function deptCounts(db: Db, cityCode: string, since: string, now: string, limit: number) {
  const count = (city: string | null) =>
    db
      .selectFrom('policy_items')
      .select((eb) => ['dept_name', eb.fn.countAll().as('count')])
      .where(
        'type',
        'in',
        POLICY_CATEGORIES.map((c) => c.key),
      )
      .where('city_code', city === null ? 'is' : '=', city)
      .where('publish_time', '>', since)
      .where('publish_time', '<=', now)
      .groupBy('dept_name')
      .execute();
  const counts = new Map<string, number>();
  for (const rows of await Promise.all([count(cityCode), count(null)])) {
    for (const r of rows) counts.set(r.dept_name, (counts.get(r.dept_name) ?? 0) + Number(r.count));
  }
  return [...counts]
    .map(([dept_name, count]) => ({ dept_name, count }))
    .sort((a, b) => b.count - a.count || a.dept_name.localeCompare(b.dept_name))
    .slice(0, limit);
}

/** Projects that started in (since, now], newest first, a batch at a time. */
export function startedProjects(db: Db, since: string, now: string, limit: number, offset: number) {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('start_time', '>', since)
    .where('start_time', '<=', now)
    .orderBy('start_time', 'desc')
    .orderBy('mid', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
