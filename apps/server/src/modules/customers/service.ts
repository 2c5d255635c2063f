// A member's customers: the list (whole, filtered, or the customers behind a dashboard count), one customer with its
// IP, grade and public notices, the member's company, and the summary figures the dashboard reads. Totals come from
// the maintained summaries, so each call reads at most a few hundred summary rows besides the page itself.
import {
  type CompanyFacts,
  type CompanyInfo,
  type CustomerDetail,
  type CustomerItem,
  type CustomerListType,
  type CustomerProject,
  cityByCode,
  cityOfArea,
  type HtsGrade,
  type IpInfo,
  type Page,
  type PublicityItem,
  type RecommendedProject,
  shanghaiDate,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { Facet } from '../../db/customer-facets.js';
import { customerVersion } from '../../db/customer-versions-repo.js';
import { offsetOf, type Paging, pageOf } from '../../lib/paging.js';
import type { Member } from '../../plugins/auth.js';
import { authorize, memberPrincipal } from '../access/policies.js';
import type { PolicyService } from '../policy/service.js';
import {
  type Combo,
  type CustomerFilter,
  countInScope,
  matchingCombos,
  needsRowCount,
  restrictionOf,
  totalOf,
} from './aggregate.js';
import type { BookSubset } from './book.js';
import { customersTagged, tagsOf } from './book-repo.js';
import { factsOf, gradeOf, heldOf, prefillOf } from './grade.js';
import { areaName, formatWan, toCustomerItem, toIpInfo } from './presenter.js';
import {
  type CustomerOrder,
  type CustomerRow,
  type CustomerSubset,
  type CustomerTotals,
  countPublicizedCustomers,
  customerCounts,
  customerQualifications,
  customersByIds,
  customerTotals,
  deleteAssessment,
  findAssessment,
  findCustomer,
  findMemberProfile,
  listCustomers,
  listPublicity,
  loadComboCounts,
  loadCombos,
  loadFacet,
  memberAssessments,
  memberQualifications,
  NEWEST_FIRST,
  publicizedCustomerIds,
  saveAssessment,
  snapshotRows,
} from './repo.js';
import { createMemberSnapshots } from './snapshot.js';

const CUSTOMER_PUBLICITY_LIMIT = 20;
/** Open projects shown for one customer, and how many are read at a time to find them. */
const CUSTOMER_PROJECT_LIMIT = 10;
const CUSTOMER_PROJECT_BATCH = 100;
/** The most started projects read at a time for the member's recommended projects. */
const PROJECT_BATCH_MAX = 500;
/** Customers read at a time for an export. */
const EXPORT_BATCH = 500;
/** The qualification a high-tech customer holds (高新技术企业认定). */
const HIGHTECH_QUALIFICATION = '高新技术企业';

interface CustomersDeps {
  db: Db;
  policy: Pick<PolicyService, 'matchScopes' | 'startedProjects'>;
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
  const snapshots = createMemberSnapshots(
    {
      version: (memberId) => customerVersion(db, memberId),
      load: async (memberId) => {
        const [rows, answers, qualifications] = await Promise.all([
          snapshotRows(db, memberId),
          memberAssessments(db, memberId),
          memberQualifications(db, memberId),
        ]);
        return { rows, answers, qualifications };
      },
    },
    { now },
  );

  /** The member's customer; another member's is refused (403), an unknown id is not found (404). */
  async function ownCustomer(
    member: Member,
    id: number,
    action: 'customer.read' | 'customer.write' = 'customer.read',
  ) {
    return authorize(memberPrincipal(member), action, await findCustomer(db, id));
  }

  /**
   * The combos a dashboard count (`type`) stands for, and the SQL restriction selecting their customers (undefined
   * when every combo of the member matches, or the member has none).
   */
  async function subsetOf(
    member: Member,
    type: 'sb' | 'zc',
  ): Promise<{ combos: Awaited<ReturnType<typeof loadComboCounts>>; subset: CustomerSubset | undefined }> {
    // The combos sb_count / zc_count add up; their totals come from the summary counts.
    const [all, scopes] = await Promise.all([loadComboCounts(db, member.ownerId), policy.matchScopes(type)]);
    const matching = matchingCombos(all, scopes);
    const restriction = restrictionOf(matching, all);
    return { combos: matching, subset: restriction ? { combos: restriction } : undefined };
  }

  /** The subset of a list type as the book tests it: the notices' customers for gs, the matching combos for sb|zc. */
  async function bookSubset(
    member: Member,
    type: CustomerListType | undefined,
  ): Promise<BookSubset | undefined> {
    if (type === 'gs') return { ids: await publicizedCustomerIds(db, member.ownerId) };
    if (type === 'sb' || type === 'zc') return (await subsetOf(member, type)).subset;
    return undefined;
  }

  /** The list's subset with the tag's customers taken from it (all of them when no type narrows the list). */
  async function taggedSubset(
    member: Member,
    type: CustomerListType | undefined,
    tag: string | undefined,
  ): Promise<BookSubset | undefined> {
    const subset = await bookSubset(member, type);
    if (tag === undefined) return subset;
    const tagged = await customersTagged(db, member.ownerId, tag);
    if (!subset) return { ids: tagged };
    const { ids: inSubset } =
      'ids' in subset
        ? { ids: [...subset.ids] }
        : await snapshots.select(member.ownerId, {}, subset, NEWEST_FIRST, 0, Number.MAX_SAFE_INTEGER);
    return { ids: new Set(inSubset.filter((id) => tagged.has(id))) };
  }

  /**
   * Projects started in the window whose scope covers at least one of the combos, newest first, at most `limit`, each
   * with the combos' customers it covers; `batch` projects are read at a time.
   */
  async function projectsMatching(
    combos: readonly Combo[],
    limit: number,
    batch: number,
  ): Promise<RecommendedProject[]> {
    const at = now();
    const matched: RecommendedProject[] = [];
    if (combos.length === 0) return matched;
    for (let offset = 0; matched.length < limit; offset += batch) {
      const projects = await policy.startedProjects(at, batch, offset);
      for (const p of projects) {
        const count = countInScope(combos, p);
        if (count > 0 && matched.length < limit)
          matched.push({
            mid: p.mid,
            name: p.name,
            dept_name: p.dept_name,
            start_time: p.start_time,
            count,
            item_id: p.item_id,
          });
      }
      if (projects.length < batch) break;
    }
    return matched;
  }

  /** The started projects whose scope covers the customer's district and industry, newest first. */
  async function customerProjects(row: CustomerRow): Promise<CustomerProject[]> {
    const combo: Combo = { ...row, customers: 1 };
    const projects = await projectsMatching([combo], CUSTOMER_PROJECT_LIMIT, CUSTOMER_PROJECT_BATCH);
    return projects.map(({ count: _count, ...project }) => project);
  }

  return {
    /** The member's customers, or those of one dashboard count (`type`), newest first unless `order` says. */
    async list(
      member: Member,
      filter: CustomerFilter,
      paging: Paging,
      type?: CustomerListType,
      order: CustomerOrder = NEWEST_FIRST,
      tag?: string,
    ): Promise<Page<CustomerItem>> {
      const page = async (rows: CustomerRow[], total: number) => {
        const tags = await tagsOf(
          db,
          rows.map((r) => r.id),
        );
        return pageOf(
          rows.map((r) => ({ ...toCustomerItem(r), tags: tags.get(r.id) ?? [] })),
          total,
          paging,
        );
      };
      if (type === 'gs' || needsRowCount(filter) || tag !== undefined) {
        // Terms no summary counts: the total and the page's ids from the member's snapshot, then the page's rows.
        const { total, ids } = await snapshots.select(
          member.ownerId,
          filter,
          await taggedSubset(member, type, tag),
          order,
          offsetOf(paging),
          paging.size,
        );
        return page(await customersByIds(db, member.ownerId, ids), total);
      }
      if (type === 'sb' || type === 'zc') {
        // The combos sb_count / zc_count add up; the total comes from their summary counts.
        const { combos, subset } = await subsetOf(member, type);
        const total = totalOf(combos, filter);
        if (offsetOf(paging) >= total) return page([], total);
        return page(
          await listCustomers(db, member.ownerId, filter, paging.size, offsetOf(paging), subset, order),
          total,
        );
      }
      const { is_hightech, ...where } = filter;
      const [totals, rows] = await Promise.all([
        customerTotals(db, member.ownerId, where),
        listCustomers(db, member.ownerId, filter, paging.size, offsetOf(paging), undefined, order),
      ]);
      // The total comes from the maintained summary, not from a count over the customers.
      const total =
        is_hightech === undefined
          ? totals.customers
          : is_hightech
            ? totals.hightech
            : totals.customers - totals.hightech;
      return page(rows, total);
    },

    /**
     * Every customer of the list (same filter, type and order) for the export, read a batch at a time as the file
     * is written, and the time the export was asked for (its file name's date).
     */
    exportList(
      member: Member,
      filter: CustomerFilter,
      type?: CustomerListType,
      order = NEWEST_FIRST,
      tag?: string,
    ) {
      async function* rows(): AsyncGenerator<CustomerItem> {
        const subset = await taggedSubset(member, type, tag);
        const { ids } = await snapshots.select(
          member.ownerId,
          filter,
          subset,
          order,
          0,
          Number.MAX_SAFE_INTEGER,
        );
        for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
          const batch = await customersByIds(db, member.ownerId, ids.slice(start, start + EXPORT_BATCH));
          for (const row of batch) yield toCustomerItem(row);
        }
      }
      return { at: now(), rows: rows() };
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
      const row = await ownCustomer(member, id, 'customer.write');
      await saveAssessment(db, member.ownerId, row.id, JSON.stringify(answers), now().toISOString());
    },

    /** Deletes the member's saved answers of its customer (the next visit starts from the platform's prefill). */
    async clearFacts(member: Member, id: number): Promise<void> {
      const row = await ownCustomer(member, id, 'customer.write');
      await deleteAssessment(db, member.ownerId, row.id);
    },

    /**
     * The member's customers in memory at their current version, as policy matching reads them: the platform's
     * facts per row, the saved answers merged over them, the qualifications public notices record.
     */
    snapshot(member: Member) {
      return snapshots.of(member.ownerId);
    },

    /** The member's customer version (one row by key): anything cached about its customers is checked against it. */
    version(member: Member): Promise<number> {
      return customerVersion(db, member.ownerId);
    },

    /** The member's customers of these ids, in the ids' order (another member's are left out). */
    async itemsByIds(member: Member, ids: readonly number[]): Promise<CustomerItem[]> {
      return (await customersByIds(db, member.ownerId, ids)).map(toCustomerItem);
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
      return heldOf(names);
    },

    /** The member's customers whose name contains the text (at most `limit`). */
    async search(member: Member, text: string, limit: number): Promise<CustomerItem[]> {
      const { ids } = await snapshots.select(
        member.ownerId,
        { name: text },
        undefined,
        NEWEST_FIRST,
        0,
        limit,
      );
      return (await customersByIds(db, member.ownerId, ids)).map(toCustomerItem);
    },

    async customerDetail(member: Member, id: number): Promise<CustomerDetail> {
      const row = await ownCustomer(member, id);
      const [publicity, named, projects, saved, tags] = await Promise.all([
        listPublicity(db, { customer_id: row.id }, CUSTOMER_PUBLICITY_LIMIT),
        customerQualifications(db, row.id),
        customerProjects(row),
        findAssessment(db, row.id),
        tagsOf(db, [row.id]),
      ]);
      const qualifications = [
        ...new Set([...(row.is_hightech === 1 ? [HIGHTECH_QUALIFICATION] : []), ...named]),
      ];
      return {
        customer: { ...toCustomerItem(row), tags: tags.get(row.id) ?? [] },
        ip: toIpInfo(row),
        grade: gradeOf(row, saved, shanghaiDate(now())),
        publicity,
        qualifications,
        projects,
      };
    },

    /** IP totals over all the member's customers. */
    async patentTotals(member: Member): Promise<IpInfo> {
      return toIpInfo(await customerTotals(db, member.ownerId));
    },

    /** The member's own company with its customer counts. */
    async companyInfo(member: Member): Promise<CompanyInfo> {
      const [totals, profile] = await Promise.all([
        customerTotals(db, member.ownerId),
        findMemberProfile(db, member.ownerId),
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
      return listPublicity(db, { user_id: member.ownerId }, size);
    },

    /**
     * Projects started in the last 180 days that match at least one of the member's customers (their district and
     * industry), newest first, each with how many it matches: the first `limit`, or all.
     */
    async recommendedProjects(
      member: Member,
      limit = Number.POSITIVE_INFINITY,
    ): Promise<RecommendedProject[]> {
      const combos = await loadCombos(db, member.ownerId);
      // Most recent projects match someone: read a few more than asked, and more only when needed.
      return projectsMatching(combos, limit, Math.min(PROJECT_BATCH_MAX, Math.max(30, limit * 3)));
    },

    // The summaries the dashboard's figures are computed from.

    /** The member's summary rows, one per district and industry with customers. */
    combos(member: Member): Promise<Combo[]> {
      return loadCombos(db, member.ownerId);
    },

    totals(member: Member): Promise<CustomerTotals> {
      return customerTotals(db, member.ownerId);
    },

    /** Customers per industry, or per district of one city. */
    countsBy(member: Member, by: 'industry' | { city: string }): Promise<{ key: string; count: number }[]> {
      return customerCounts(db, member.ownerId, by);
    },

    /** Customers per key of one maintained facet (month added, capital band, year registered). */
    facet(member: Member, facet: Facet): Promise<Map<string, number>> {
      return loadFacet(db, member.ownerId, facet);
    },

    /** Customers named in at least one public notice (gs_count). */
    publicizedCount(member: Member): Promise<number> {
      return countPublicizedCustomers(db, member.ownerId);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
