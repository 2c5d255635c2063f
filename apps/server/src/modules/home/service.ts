// The dashboard statistics of a member (one function per meaning; routes mount each at every path that shares it).
// Customer figures come from the maintained summary, so each call reads at most a few hundred rows.
import {
  type BusinessSituation,
  type CategoryCount,
  type CompanyInfo,
  type CustomerDetail,
  type CustomerItem,
  type CustomerListType,
  type CustomerSummary,
  cityByCode,
  cityOfArea,
  type DeptCount,
  type DistributionItem,
  type GrowthItem,
  type HtsGrade,
  type IpInfo,
  type Page,
  type PublicityItem,
  type RecommendedProject,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { type Member, offsetOf, type Paging, pageOf } from '../member/scope.js';
import {
  areaItems,
  type CustomerFilter,
  countInScope,
  countMatching,
  industryItems,
  matchingCombos,
  restrictionOf,
  totalOf,
} from './aggregate.js';
import {
  countPublicizedWhere,
  customerCounts,
  customerTotals,
  findCustomer,
  findMemberProfile,
  listCustomers,
  loadComboCounts,
  loadCombos,
  loadFacet,
} from './customers-repo.js';
import { ageDistribution, capitalDistribution, FACET, growthOf } from './facets.js';
import { gradeOf } from './grade.js';
import {
  categoryCounts,
  countPublicizedCustomers,
  customerPublicity,
  deptCounts,
  memberPublicity,
  openDeclarationScopes,
  POLICY_CATEGORIES,
  recentScopes,
  startedProjects,
} from './policy-repo.js';
import { areaName, formatWan, toCustomerItem, toIpInfo } from './presenter.js';

const DAY_MS = 86_400_000;

/** How far back the figures look (days). */
export const WINDOW_DAYS = {
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
const CUSTOMER_PUBLICITY_LIMIT = 20;

export interface HomeDeps {
  db: Db;
  now: () => Date;
}

/** A customer-list filter from the `area` query: a city code selects the city, a district code the district. */
export function areaFilter(area: string | undefined): CustomerFilter {
  if (area === undefined) return {};
  if (cityByCode(area)) return { city_code: area };
  const city = cityOfArea(area);
  return city ? { city_code: city.citycode, area_code: area } : { area_code: area };
}

export function createHomeService({ db, now }: HomeDeps) {
  const daysAgo = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS).toISOString();

  /** The scopes a customer must be in to count for sb_count (open declaration notices) or zc_count (recent news). */
  function matchScopes(kind: 'sb' | 'zc', at: Date) {
    const iso = at.toISOString();
    return kind === 'sb'
      ? openDeclarationScopes(db, iso)
      : recentScopes(db, 'zcdt', daysAgo(at, WINDOW_DAYS.policyNews), iso);
  }

  async function ownCustomer(member: Member, id: number) {
    const row = await findCustomer(db, member.id, id);
    if (!row) throw errors.notFound();
    return row;
  }

  return {
    async customerSummary(member: Member): Promise<CustomerSummary> {
      const at = now();
      const [combos, totals, open, news, publicized] = await Promise.all([
        loadCombos(db, member.id),
        customerTotals(db, member.id),
        matchScopes('sb', at),
        matchScopes('zc', at),
        countPublicizedCustomers(db, member.id),
      ]);
      return {
        member_count: totals.customers,
        high_tech_count: totals.hightech,
        sb_count: countMatching(combos, open),
        gs_count: publicized,
        zc_count: countMatching(combos, news),
      };
    },

    async industryDistribution(member: Member): Promise<DistributionItem[]> {
      return industryItems(await customerCounts(db, member.id, 'industry'));
    },

    /** Per district of `citycode`, default the member's city. */
    async areaDistribution(member: Member, citycode?: string): Promise<DistributionItem[]> {
      const city = citycode ?? member.cityCode;
      return areaItems(await customerCounts(db, member.id, { city }), city);
    },

    async categoryCounts(member: Member): Promise<CategoryCount[]> {
      const at = now();
      const counts = await categoryCounts(
        db,
        member.cityCode,
        daysAgo(at, WINDOW_DAYS.marker),
        at.toISOString(),
      );
      return POLICY_CATEGORIES.map(({ key, keyname }) => ({
        key,
        keyname,
        count: counts.get(key)?.count ?? 0,
        count_24h: counts.get(key)?.count_24h ?? 0,
      }));
    },

    async growthRate(member: Member): Promise<GrowthItem[]> {
      return growthOf(await loadFacet(db, member.id, FACET.month), now());
    },

    async businessSituation(member: Member): Promise<BusinessSituation> {
      const [capital, years] = await Promise.all([
        loadFacet(db, member.id, FACET.capital),
        loadFacet(db, member.id, FACET.regYear),
      ]);
      return { capital: capitalDistribution(capital), age: ageDistribution(years, now()) };
    },

    async deptCounts(member: Member): Promise<DeptCount[]> {
      const at = now();
      return deptCounts(
        db,
        member.cityCode,
        daysAgo(at, WINDOW_DAYS.departments),
        at.toISOString(),
        DEPT_LIMIT,
      );
    },

    /** Projects started in the last 180 days that match at least one customer, newest first. */
    async recommendedProjects(member: Member, size: number): Promise<RecommendedProject[]> {
      const at = now();
      const since = daysAgo(at, WINDOW_DAYS.projects);
      const combos = await loadCombos(db, member.id);
      const matched: RecommendedProject[] = [];
      if (combos.length === 0) return matched;
      // Most recent projects match someone: read a few more than asked, and more only when needed.
      const batch = Math.max(30, size * 3);
      for (let offset = 0; matched.length < size; offset += batch) {
        const projects = await startedProjects(db, since, at.toISOString(), batch, offset);
        for (const p of projects) {
          const count = countInScope(combos, p);
          if (count > 0 && matched.length < size) {
            matched.push({
              mid: p.mid,
              name: p.name,
              dept_name: p.dept_name,
              start_time: p.start_time,
              count,
            });
          }
        }
        if (projects.length < batch) break;
      }
      return matched;
    },

    /** The member's customers, or those of one dashboard count (`type`), newest first. */
    async customers(
      member: Member,
      filter: CustomerFilter,
      paging: Paging,
      type?: CustomerListType,
    ): Promise<Page<CustomerItem>> {
      if (type === 'sb' || type === 'zc') {
        // The combos sb_count / zc_count add up; the total is their summary counts, never a count over customers.
        const [combos, scopes] = await Promise.all([
          loadComboCounts(db, member.id),
          matchScopes(type, now()),
        ]);
        const matching = matchingCombos(combos, scopes);
        const total = totalOf(matching, filter);
        if (offsetOf(paging) >= total) return pageOf([], total, paging);
        const restriction = restrictionOf(matching, combos);
        const subset = restriction ? { combos: restriction } : undefined;
        const rows = await listCustomers(db, member.id, filter, paging.size, offsetOf(paging), subset);
        return pageOf(rows.map(toCustomerItem), total, paging);
      }
      if (type === 'gs') {
        // gs_count itself when unfiltered; with a filter, a count bounded by the member's public-notice entries.
        const unfiltered = Object.values(filter).every((value) => value === undefined);
        const [total, rows] = await Promise.all([
          unfiltered ? countPublicizedCustomers(db, member.id) : countPublicizedWhere(db, member.id, filter),
          listCustomers(db, member.id, filter, paging.size, offsetOf(paging), { publicized: true }),
        ]);
        return pageOf(rows.map(toCustomerItem), total, paging);
      }
      const { is_hightech, ...where } = filter;
      const [totals, rows] = await Promise.all([
        customerTotals(db, member.id, where),
        listCustomers(db, member.id, filter, paging.size, offsetOf(paging)),
      ]);
      // The total comes from the maintained summary, not from a count over the customers.
      const total =
        is_hightech === undefined
          ? totals.customers
          : is_hightech
            ? totals.hightech
            : totals.customers - totals.hightech;
      return pageOf(rows.map(toCustomerItem), total, paging);
    },

    async customer(member: Member, id: number): Promise<CustomerItem> {
      return toCustomerItem(await ownCustomer(member, id));
    },

    async customerPatents(member: Member, id: number): Promise<IpInfo> {
      return toIpInfo(await ownCustomer(member, id));
    },

    async grade(member: Member, id: number): Promise<HtsGrade> {
      return gradeOf(await ownCustomer(member, id), now());
    },

    async customerDetail(member: Member, id: number): Promise<CustomerDetail> {
      const row = await ownCustomer(member, id);
      const publicity = await customerPublicity(db, row.id, CUSTOMER_PUBLICITY_LIMIT);
      return { customer: toCustomerItem(row), ip: toIpInfo(row), grade: gradeOf(row, now()), publicity };
    },

    /** IP totals over all the member's customers. */
    async patentTotals(member: Member): Promise<IpInfo> {
      return toIpInfo(await customerTotals(db, member.id));
    },

    /** The member's own company with its customer counts. */
    async companyInfo(member: Member): Promise<CompanyInfo> {
      const [totals, profile] = await Promise.all([
        customerTotals(db, member.id),
        findMemberProfile(db, member.id),
      ]);
      return {
        cus_name: member.companyName,
        heightnumber: totals.hightech,
        cus_count: totals.customers,
        reg_capital: profile ? formatWan(profile.reg_capital_hundredths) : '',
        reg_time: profile?.reg_time ?? '',
        area_name: areaName(profile?.area_code ?? member.cityCode),
      };
    },

    /** Public notices naming the member's customers, newest first. */
    async publicity(member: Member, size: number): Promise<PublicityItem[]> {
      return memberPublicity(db, member.id, size);
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
