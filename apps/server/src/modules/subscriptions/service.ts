// The member's subscriptions and own publicity (the dashboard's tabs and 我的公示), 我的订阅 and 推送设置: the six tabs
// (recommended projects, the publicity of the member's customers, the items the settings select, and the three policy
// types within the member's regions and departments), their exports, the customers matching a project, the publicity
// search by company, and the push settings themselves.
import {
  type CustomerItem,
  DEFAULT_PUSH_SETTINGS,
  LEVEL,
  LIMITS,
  type OwnPublicityItem,
  type Page,
  type PagedSuccess,
  type PolicyFeedItem,
  type PolicyFeedTab,
  type PublicityItem,
  type PushConfig,
  type PushSettings,
  type RecommendedProject,
  SUB_TABS,
  type SubscriptionItem,
  type SubTab,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { createCache } from '../../lib/cache.js';
import { offsetOf, type Paging, pageOf, readPage, readSuccessPage } from '../../lib/paging.js';
import { keysetBatches, type XlsxExport } from '../../lib/xlsx.js';
import type { Member } from '../../plugins/auth.js';
import { authorize, memberPrincipal } from '../access/policies.js';
import { type FeedItemRow, toFeedItem } from '../content/feed-item.js';
import type { CustomersService } from '../customers/service.js';
import type { Audience } from './delivery.js';
import { hasChoices, regionTerms, settingsOf } from './matching.js';
import { FEED_COLUMNS, PROJECT_COLUMNS, PUBLICITY_COLUMNS } from './presenter.js';
import {
  countFeed,
  countOwnPublicity,
  countPublicity,
  departmentNames,
  type FeedFilter,
  feedBatch,
  findProject,
  findSettings,
  listDeadlines,
  listFeed,
  listOwnPublicity,
  listPublicityPage,
  listSubscriptions,
  type PublicityFilter,
  publicityBatch,
  reminderAudience,
  saveSettings,
} from './repo.js';

/** How long the departments offered in the settings are reused before they are read again. */
const DEPT_OPTIONS_TTL_MS = 5 * 60_000;

/**
 * How long a member's recommended projects (with their customer counts) are reused: paging and searching 推荐项目
 * reads them once, not per page. Projects starting show within this time; customers at once (their version).
 */
const RECOMMENDED_TTL_MS = 30_000;
/** Members whose recommended projects are kept, and the projects kept in all (about 200 bytes each: 10 MB). */
const RECOMMENDED_CACHE_MAX = 1_000;
const RECOMMENDED_MAX_PROJECTS = 50_000;

export type SubRow = RecommendedProject | PublicityItem | PolicyFeedItem;

interface SubscriptionsDeps {
  db: Db;
  now: () => Date;
  customers: Pick<CustomersService, 'recommendedProjects' | 'list' | 'version'>;
}

/** The list query of a tab: a part of the title to look for. */
export interface SubQuery {
  title?: string;
}

const tabName = (tab: SubTab) => SUB_TABS.find((t) => t.key === tab)?.name ?? tab;

type PublicityRow = PublicityItem & { id: number };
const stripId = ({ id: _id, ...item }: PublicityRow): PublicityItem => item;

export function createSubscriptionsService({ db, now, customers }: SubscriptionsDeps) {
  // The departments of every policy item: a scan of the table, so read once per few minutes, not per call.
  const deptOptions = createCache<'all', string[]>({
    now,
    max: 1,
    ttlMs: DEPT_OPTIONS_TTL_MS,
    load: () => departmentNames(db),
  });
  const departments = () => deptOptions.fetch('all', undefined);

  async function settings(
    member: Member,
  ): Promise<{ settings: PushSettings; row: boolean; updated_at: string | null }> {
    const row = await findSettings(db, member.ownerId);
    return row
      ? { settings: settingsOf(row), row: true, updated_at: row.updated_at }
      : { settings: DEFAULT_PUSH_SETTINGS, row: false, updated_at: null };
  }

  /** The policy items of a tab, or null when the tab selects nothing (订阅项目 before any setting is chosen). */
  async function feedFilter(member: Member, tab: PolicyFeedTab, query: SubQuery): Promise<FeedFilter | null> {
    const { settings: s } = await settings(member);
    const title = query.title || undefined;
    if (tab === 'dyxm') {
      if (!hasChoices(s)) return null;
      return { ...s, regions: regionTerms(s.regions), title };
    }
    return {
      types: [tab],
      regions: regionTerms(s.regions),
      departments: s.departments,
      industries: [],
      keywords: [],
      title,
    };
  }

  const recommendedCache = createCache<number, { version: number; projects: RecommendedProject[] }, Member>({
    now,
    max: RECOMMENDED_CACHE_MAX,
    ttlMs: RECOMMENDED_TTL_MS,
    maxSize: RECOMMENDED_MAX_PROJECTS,
    sizeOf: (entry) => entry.projects.length,
    // The version before the summaries: a write between them makes the entry look older than it is, never newer.
    load: async (_id, member) => {
      const version = await customers.version(member);
      return { version, projects: await customers.recommendedProjects(member) };
    },
  });

  /**
   * Every project started in the window that matches at least one customer, newest first: reused briefly while the
   * member's customer version holds, so a customer added, moved or deleted shows in the counts at once.
   */
  async function recommended(member: Member, query: SubQuery): Promise<RecommendedProject[]> {
    const version = await customers.version(member);
    const { projects } = await recommendedCache.fetch(
      member.ownerId,
      member,
      (entry) => entry.version >= version,
    );
    return query.title ? projects.filter((p) => p.name.includes(query.title ?? '')) : projects;
  }

  const publicityOf = (member: Member, query: SubQuery): PublicityFilter => ({
    user_id: member.ownerId,
    search: query.title || undefined,
  });

  function publicityPage(filter: PublicityFilter, paging: Paging): Promise<Page<PublicityItem>> {
    return readPage(
      paging,
      async (limit, offset) => (await listPublicityPage(db, filter, limit, offset)).map(stripId),
      () => countPublicity(db, filter),
    );
  }

  function publicityRows(filter: PublicityFilter): AsyncIterable<PublicityItem> {
    return mapIterable(
      keysetBatches((after: PublicityRow | undefined, limit) => publicityBatch(db, filter, after, limit)),
      stripId,
    );
  }

  return {
    /** The newest `size` subscriptions. */
    mySubscriptions(member: Member, size: number): Promise<SubscriptionItem[]> {
      return listSubscriptions(db, member.ownerId, size);
    },

    /** The dashboard's tab: the newest LIMITS.ownPublicityLimit (5) own publicity items. */
    myPublicity(member: Member): Promise<OwnPublicityItem[]> {
      return listOwnPublicity(db, member.ownerId, LIMITS.ownPublicityLimit);
    },

    /** /usercenter/publicity: every own publicity item, newest first, a page at a time. */
    myPublicityPage(member: Member, paging: Paging): Promise<PagedSuccess<OwnPublicityItem>> {
      return readSuccessPage(
        paging,
        (limit, offset) => listOwnPublicity(db, member.ownerId, limit, offset),
        () => countOwnPublicity(db, member.ownerId),
      );
    },

    /** The member of a 我的订阅 call: `mainid`, when given, must be the member itself (or the sub-account's main). */
    feedOwner(member: Member, mainid: number | undefined): Member {
      if (mainid !== undefined) authorize(memberPrincipal(member), 'feed.read', { user_id: mainid });
      return member;
    },

    async list(member: Member, tab: SubTab, query: SubQuery, paging: Paging): Promise<Page<SubRow>> {
      if (tab === 'tjxm') {
        const all = await recommended(member, query);
        return pageOf(all.slice(offsetOf(paging), offsetOf(paging) + paging.size), all.length, paging);
      }
      if (tab === 'wdgs') return publicityPage(publicityOf(member, query), paging);
      const filter = await feedFilter(member, tab, query);
      if (!filter) return pageOf([], 0, paging);
      const at = now().toISOString();
      return readPage(
        paging,
        async (limit, offset) => (await listFeed(db, filter, at, limit, offset)).map(toFeedItem),
        () => countFeed(db, filter, at),
      );
    },

    /** The tab as an .xlsx export (every row the list would page through). */
    async export(member: Member, tab: SubTab, query: SubQuery): Promise<XlsxExport<never>> {
      const at = now();
      const name = `我的订阅-${tabName(tab)}`;
      const sheet = tabName(tab);
      if (tab === 'tjxm') {
        const rows = await recommended(member, query);
        return asExport({ name, at, sheet, columns: PROJECT_COLUMNS, rows: fromArray(rows) });
      }
      if (tab === 'wdgs') return this.publicityExport(member, query);
      const filter = await feedFilter(member, tab, query);
      const iso = at.toISOString();
      const rows = filter
        ? mapIterable(
            keysetBatches((after: FeedItemRow | undefined, limit) =>
              feedBatch(db, filter, iso, after, limit),
            ),
            toFeedItem,
          )
        : fromArray<PolicyFeedItem>([]);
      return asExport({ name, at, sheet, columns: FEED_COLUMNS, rows });
    },

    /** 我的公示 as an .xlsx export. */
    publicityExport(member: Member, query: SubQuery): XlsxExport<never> {
      return asExport({
        name: '我的公示',
        at: now(),
        sheet: '我的公示',
        columns: PUBLICITY_COLUMNS,
        rows: publicityRows(publicityOf(member, query)),
      });
    },

    /** The member's customers a recommended project matches (its region and industry). */
    async customersOfProject(member: Member, mid: number, paging: Paging): Promise<Page<CustomerItem>> {
      const project = await findProject(db, mid);
      if (!project) throw errors.projectNotFound();
      return customers.list(
        member,
        {
          city_code: project.city_code ?? undefined,
          area_code: project.area_code ?? undefined,
          industry_code: project.industry_code ?? undefined,
        },
        paging,
      );
    },

    /** Every funding publicity entry, newest first; `name` narrows to company names containing it. */
    searchPublicity(name: string | undefined, paging: Paging): Promise<Page<PublicityItem>> {
      return publicityPage({ companyContains: name || undefined }, paging);
    },

    /** The publicity entries of one company (its full name). */
    publicityByName(name: string, paging: Paging): Promise<Page<PublicityItem>> {
      return publicityPage({ company: name }, paging);
    },

    /**
     * Open items the settings select (the 订阅项目 rule) whose deadline is in [from, to] and not passed at `at`,
     * nearest first; settings that choose nothing select nothing.
     */
    async subscribedDeadlines(
      s: PushSettings,
      range: { from: string; to: string },
      at: Date,
      limit: number,
    ): Promise<PolicyFeedItem[]> {
      if (!hasChoices(s)) return [];
      const filter: FeedFilter = { ...s, regions: regionTerms(s.regions) };
      const rows = await listDeadlines(db, filter, at.toISOString(), range.from, range.to, limit);
      return rows.map(toFeedItem);
    },

    /** The member's subscribed open items with a deadline in [from, to] (申报日历). */
    async deadlines(member: Member, range: { from: string; to: string }, limit: number) {
      const { settings: s } = await settings(member);
      return this.subscribedDeadlines(s, range, now(), limit);
    },

    /**
     * Who a 申报提醒 may reach at `at` (plan above trial): members with saved settings and the members `alsoIds`
     * (their favourites), each with its settings (defaults when never saved) and contacts.
     */
    async reminderAudience(at: Date, alsoIds: readonly number[]): Promise<Audience[]> {
      const rows = await reminderAudience(db, at.toISOString(), LEVEL.trialMax + 1, alsoIds);
      return rows.map((r) => ({
        user_id: r.user_id,
        settings:
          r.settings_user_id === null
            ? DEFAULT_PUSH_SETTINGS
            : settingsOf({
                regions: r.regions ?? '[]',
                departments: r.departments ?? '[]',
                industries: r.industries ?? '[]',
                types: r.types ?? '[]',
                keywords: r.keywords ?? '[]',
                channels: r.channels ?? '[]',
                quiet_start: r.quiet_start ?? '',
                quiet_end: r.quiet_end ?? '',
                remind_days: r.remind_days ?? DEFAULT_PUSH_SETTINGS.remind_days,
              }),
        mobile: r.mobile,
        email: r.email,
      }));
    },

    /** The push settings (the route admits members above the trial levels, docs/requirements.md §6). */
    async config(member: Member): Promise<PushConfig> {
      const [current, dept_options] = await Promise.all([settings(member), departments()]);
      return { ...current.settings, saved: current.row, updated_at: current.updated_at, dept_options };
    },

    async updateConfig(member: Member, next: PushSettings): Promise<PushConfig> {
      const updated_at = now().toISOString();
      await saveSettings(db, {
        user_id: member.ownerId,
        regions: JSON.stringify(next.regions),
        departments: JSON.stringify(next.departments),
        industries: JSON.stringify(next.industries),
        types: JSON.stringify(next.types),
        keywords: JSON.stringify(next.keywords),
        channels: JSON.stringify(next.channels),
        quiet_start: next.quiet_start,
        quiet_end: next.quiet_end,
        remind_days: next.remind_days,
        updated_at,
      });
      return this.config(member);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

async function* mapIterable<T, U>(source: AsyncIterable<T>, map: (item: T) => U): AsyncGenerator<U> {
  for await (const item of source) yield map(item);
}

async function* fromArray<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

/** An export of one row type, typed for the route that only sends it. */
const asExport = <T>(spec: XlsxExport<T>): XlsxExport<never> => spec as unknown as XlsxExport<never>;
