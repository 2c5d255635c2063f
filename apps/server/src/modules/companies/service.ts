// The company registry (企业库): the platform's business data a member picks its customers from. A search reads the
// database's name index (two characters or more) or a credit code exactly; an import's rows are matched exactly.
import { COMPANY_SEARCH_CAP, looksLikeCreditCode } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { offsetOf, type Paging } from '../../lib/paging.js';
import {
  type CompanyRow,
  companiesByIds,
  companiesNamedOrCoded,
  companyByCreditCode,
  searchByName,
} from './repo.js';

export type { CompanyRow } from './repo.js';

/** What one text of an import names: a company, several (an ambiguous name), or none. */
export type CompanyMatch = { company: CompanyRow } | { ambiguous: true } | { none: true };

export function createCompaniesService({ db }: { db: Db }) {
  return {
    /**
     * One page of the companies whose name contains `q`, or the company coded `q`, in the registry's order; the
     * total is counted up to COMPANY_SEARCH_CAP (`capped` when there are more). A page past the cap is empty.
     */
    async search(q: string, paging: Paging): Promise<{ rows: CompanyRow[]; total: number; capped: boolean }> {
      const text = q.trim();
      if (looksLikeCreditCode(text)) {
        const row = await companyByCreditCode(db, text.toUpperCase());
        const rows = row && offsetOf(paging) === 0 ? [row] : [];
        return { rows, total: row ? 1 : 0, capped: false };
      }
      const offset = offsetOf(paging);
      const { ids, count } = await searchByName(
        db,
        text,
        COMPANY_SEARCH_CAP,
        Math.max(0, Math.min(paging.size, COMPANY_SEARCH_CAP - offset)),
        offset,
      );
      return {
        rows: await companiesByIds(db, ids),
        total: Math.min(count, COMPANY_SEARCH_CAP),
        capped: count > COMPANY_SEARCH_CAP,
      };
    },

    byIds(ids: readonly number[]): Promise<CompanyRow[]> {
      return companiesByIds(db, ids);
    },

    /** What each text names: a credit code its company, a name the one company of that exact name. */
    async match(texts: readonly string[]): Promise<Map<string, CompanyMatch>> {
      const codes = texts.filter(looksLikeCreditCode).map((t) => t.toUpperCase());
      const names = texts.filter((t) => !looksLikeCreditCode(t));
      const rows = await companiesNamedOrCoded(db, names, codes);
      const byCode = new Map(rows.map((r) => [r.credit_code, r]));
      const byName = new Map<string, CompanyRow[]>();
      for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
      const matches = new Map<string, CompanyMatch>();
      for (const text of texts) {
        if (looksLikeCreditCode(text)) {
          const row = byCode.get(text.toUpperCase());
          matches.set(text, row ? { company: row } : { none: true });
          continue;
        }
        const named = [...new Map((byName.get(text) ?? []).map((r) => [r.id, r])).values()];
        const [only] = named;
        matches.set(text, named.length > 1 ? { ambiguous: true } : only ? { company: only } : { none: true });
      }
      return matches;
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
