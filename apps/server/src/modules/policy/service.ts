// Public policy content as the member's figures read it: the scopes customers are matched against, the counts per
// category, the busiest issuing departments and the projects recently started, each over its own window of days.
import { type CategoryCount, DAY_MS, type DeptCount, POLICY_CATEGORIES } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { categoryCounts, deptCounts, openDeclarationScopes, recentScopes, startedProjects } from './repo.js';
import type { Scope } from './scope.js';

/** How far back the figures look (days). */
const WINDOW_DAYS = {
  /** The 24h marker. */
  marker: 1,
  /** Policy news that counts as matching a customer (zc_count). */
  policyNews: 7,
  /** Projects still recommended after they started. */
  projects: 180,
  /** Issuing departments (GetDeptCountByUserName). */
  departments: 365,
} as const;

const DEPT_LIMIT = 10;

/** What a customer must match to count: open declaration notices (sb) or recent policy news (zc). */
type MatchKind = 'sb' | 'zc';

interface PolicyDeps {
  db: Db;
  now: () => Date;
}

export function createPolicyService({ db, now }: PolicyDeps) {
  const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS).toISOString();

  return {
    /** The scopes a customer must be in to count for sb_count or zc_count, as of `at`. */
    matchScopes(kind: MatchKind, at: Date = now()): Promise<Scope[]> {
      const iso = at.toISOString();
      return kind === 'sb'
        ? openDeclarationScopes(db, iso)
        : recentScopes(db, 'zcdt', daysBefore(at, WINDOW_DAYS.policyNews), iso);
    },

    /** Items per category for the city (and province), with those of the last 24 hours. */
    async categoryCounts(cityCode: string): Promise<CategoryCount[]> {
      const at = now();
      const counts = await categoryCounts(db, cityCode, daysBefore(at, WINDOW_DAYS.marker), at.toISOString());
      return POLICY_CATEGORIES.map(({ key, keyname }) => ({
        key,
        keyname,
        count: counts.get(key)?.count ?? 0,
        count_24h: counts.get(key)?.count_24h ?? 0,
      }));
    },

    /** The departments issuing most for the city over the last year. */
    deptCounts(cityCode: string): Promise<DeptCount[]> {
      const at = now();
      return deptCounts(db, cityCode, daysBefore(at, WINDOW_DAYS.departments), at.toISOString(), DEPT_LIMIT);
    },

    /** Projects started in the 180 days before `at`, newest first, a batch at a time. */
    startedProjects(at: Date, limit: number, offset: number) {
      return startedProjects(db, daysBefore(at, WINDOW_DAYS.projects), at.toISOString(), limit, offset);
    },
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
