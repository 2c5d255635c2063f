// The dashboard statistics of a member (one function per meaning; routes mount each at every path that shares it).
// Customer figures come from the customers' maintained summaries, so each call reads at most a few hundred rows.
import type {
  BusinessSituation,
  CategoryCount,
  CustomerSummary,
  DeptCount,
  DistributionItem,
  GrowthItem,
  RecommendedProject,
} from '@uc/shared';
import { FACET } from '../../db/customer-facets.js';
import type { Member } from '../../plugins/auth.js';
import { countMatching } from '../customers/aggregate.js';
import type { CustomersService } from '../customers/service.js';
import type { PolicyService } from '../policy/service.js';
import { ageDistribution, areaItems, capitalDistribution, growthOf, industryItems } from './figures.js';

interface DashboardDeps {
  customers: Pick<
    CustomersService,
    'combos' | 'totals' | 'countsBy' | 'facet' | 'publicizedCount' | 'recommendedProjects'
  >;
  policy: PolicyService;
  now: () => Date;
}

export function createDashboardService({ customers, policy, now }: DashboardDeps) {
  return {
    async customerSummary(member: Member): Promise<CustomerSummary> {
      const at = now();
      const [combos, totals, open, news, publicized] = await Promise.all([
        customers.combos(member),
        customers.totals(member),
        policy.matchScopes('sb', at),
        policy.matchScopes('zc', at),
        customers.publicizedCount(member),
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
      return industryItems(await customers.countsBy(member, 'industry'));
    },

    /** Per district of `citycode`, default the member's city. */
    async areaDistribution(member: Member, citycode?: string): Promise<DistributionItem[]> {
      const city = citycode ?? member.cityCode;
      return areaItems(await customers.countsBy(member, { city }), city);
    },

    categoryCounts(member: Member): Promise<CategoryCount[]> {
      return policy.categoryCounts(member.cityCode);
    },

    async growthRate(member: Member): Promise<GrowthItem[]> {
      return growthOf(await customers.facet(member, FACET.month), now());
    },

    async businessSituation(member: Member): Promise<BusinessSituation> {
      const [capital, years] = await Promise.all([
        customers.facet(member, FACET.capital),
        customers.facet(member, FACET.regYear),
      ]);
      return { capital: capitalDistribution(capital), age: ageDistribution(years, now()) };
    },

    deptCounts(member: Member): Promise<DeptCount[]> {
      return policy.deptCounts(member.cityCode);
    },

    /** Projects started in the last 180 days that match at least one customer, newest first. */
    recommendedProjects(member: Member, size: number): Promise<RecommendedProject[]> {
      return customers.recommendedProjects(member, size);
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
