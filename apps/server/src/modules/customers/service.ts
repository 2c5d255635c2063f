// A member's customers: the list (whole, filtered, or the customers behind a dashboard count), one customer with its
// IP, grade and public notices, the member's company, and the summary figures the dashboard reads. Totals come from
// the maintained summaries, so each call reads at most a few hundred summary rows besides the page itself.
import {
  type CompanyFacts,
  type CompanyInfo,
  type CustomerDetail,
  type CustomerItem,
  type CustomerListType,
  cityByCode,
  cityOfArea,
  type HtsGrade,
  type IpInfo,
  type Page,
  type PublicityItem,
  shanghaiDate,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { offsetOf, type Paging, pageOf } from '../../lib/paging.js';
import type { Member } from '../member/scope.js';
import type { PolicyService } from '../policy/service.js';
import { type Combo, type CustomerFilter, matchingCombos, restrictionOf, totalOf } from './aggregate.js';
import type { Facet } from './facets.js';
import { factsOf, gradeOf, prefillOf } from './grade.js';
import { areaName, formatWan, toCustomerItem, toIpInfo } from './presenter.js';
import {
  type CustomerTotals,
  countPublicizedCustomers,
  countPublicizedWhere,
  customerCounts,
  customerTotals,
  findAssessment,
  findCustomer,
  findMemberProfile,
  listCustomers,
  listPublicity,
  loadComboCounts,
  loadCombos,
  loadFacet,
  saveAssessment,
  searchCustomers,
} from './repo.js';

const CUSTOMER_PUBLICITY_LIMIT = 20;

interface CustomersDeps {
  db: Db;
  policy: Pick<PolicyService, 'matchScopes'>;
  now: () => Date;
}

/** A customer-list filter from the `area` query: a city code selects the city, a district code the district. */
export function areaFilter(area: string | undefined): CustomerFilter {
  if (area === undefined) return {};
  if (cityByCode(area)) return { city_code: area };
  const city = cityOfArea(area);
  return city ? { city_code: city.citycode, area_code: area } : { area_code: area };
}

export function createCustomersService({ db, policy, now }: CustomersDeps) {
  async function ownCustomer(member: Member, id: number) {
    const row = await findCustomer(db, member.id, id);
    if (!row) throw errors.notFound();
    return row;
  }

  return {
    /** The member's customers, or those of one dashboard count (`type`), newest first. */
    async list(
      member: Member,
      filter: CustomerFilter,
      paging: Paging,
      type?: CustomerListType,
    ): Promise<Page<CustomerItem>> {
      if (type === 'sb' || type === 'zc') {
        // The combos sb_count / zc_count add up; the total is their summary counts, never a count over customers.
        const [combos, scopes] = await Promise.all([
          loadComboCounts(db, member.id),
          policy.matchScopes(type),
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
      const row = await ownCustomer(member, id);
      return gradeOf(row, await findAssessment(db, row.id), shanghaiDate(now()));
    },

    /** A customer with what the platform knows of it, the member's saved answers and both merged (policy tools). */
    async facts(member: Member, id: number) {
      const row = await ownCustomer(member, id);
      const saved = await findAssessment(db, row.id);
      return {
        customer: toCustomerItem(row),
        prefill: prefillOf(row),
        saved: saved !== null,
        facts: factsOf(row, saved),
      };
    },

    /** Saves the member's answers for its customer (the next visit starts from them). */
    async saveFacts(member: Member, id: number, answers: Partial<CompanyFacts>): Promise<void> {
      const row = await ownCustomer(member, id);
      await saveAssessment(db, member.id, row.id, JSON.stringify(answers), now().toISOString());
    },

    /**
     * The 梯度 qualifications the platform's public notices record for a customer: a notice naming it with the
     * qualification means held; none means not held (the notices are what the platform knows).
     */
    async qualificationsOf(member: Member, id: number) {
      const row = await ownCustomer(member, id);
      const names = new Set(
        (await listPublicity(db, { customer_id: row.id }, CUSTOMER_PUBLICITY_LIMIT)).map(
          (p) => p.qualification,
        ),
      );
      return {
        innovative: names.has('创新型中小企业'),
        specialized: names.has('专精特新中小企业'),
        giant: names.has('专精特新"小巨人"企业'),
      };
    },

    /** The member's customers whose name contains the text (at most `limit`). */
    async search(member: Member, text: string, limit: number): Promise<CustomerItem[]> {
      return (await searchCustomers(db, member.id, text, limit)).map(toCustomerItem);
    },

    async customerDetail(member: Member, id: number): Promise<CustomerDetail> {
      const row = await ownCustomer(member, id);
      const publicity = await listPublicity(db, { customer_id: row.id }, CUSTOMER_PUBLICITY_LIMIT);
      const saved = await findAssessment(db, row.id);
      const grade = gradeOf(row, saved, shanghaiDate(now()));
      return { customer: toCustomerItem(row), ip: toIpInfo(row), grade, publicity };
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
      return listPublicity(db, { user_id: member.id }, size);
    },

    // The summaries the dashboard's figures are computed from.

    /** The member's summary rows, one per district and industry with customers. */
    combos(member: Member): Promise<Combo[]> {
      return loadCombos(db, member.id);
    },

    totals(member: Member): Promise<CustomerTotals> {
      return customerTotals(db, member.id);
    },

    /** Customers per industry, or per district of one city. */
    countsBy(member: Member, by: 'industry' | { city: string }): Promise<{ key: string; count: number }[]> {
      return customerCounts(db, member.id, by);
    },

    /** Customers per key of one maintained facet (month added, capital band, year registered). */
    facet(member: Member, facet: Facet): Promise<Map<string, number>> {
      return loadFacet(db, member.id, facet);
    },

    /** Customers named in at least one public notice (gs_count). */
    publicizedCount(member: Member): Promise<number> {
      return countPublicizedCustomers(db, member.id);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
