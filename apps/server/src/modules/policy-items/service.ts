// One policy item opened from a list (政策详情: the item, the member's 收藏 and its matching customers), the favourites
// themselves and 申报日历: the open items of the member's subscriptions (the 订阅项目 its push settings select) and
// favourites by deadline. Favourites belong to the main account: its sub-accounts read and change the same list.
import {
  CALENDAR_LIMIT,
  type CalendarItem,
  type Page,
  POLICY_DETAIL_CUSTOMERS,
  type PolicyCalendar,
  type PolicyConditions,
  type PolicyFavouriteItem,
  type PolicyFavouriteState,
  type PolicyFeedItem,
  type PolicyItemDetail,
  type PublicityRow,
  shanghaiDate,
  shanghaiMonth,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { type Paging, readPage } from '../../lib/paging.js';
import type { Member } from '../../plugins/auth.js';
import { toFeedItem } from '../content/feed-item.js';
import type { NoticeFiles } from '../content/files.js';
import type { CustomersService } from '../customers/service.js';
import type { SubscriptionsService } from '../subscriptions/service.js';
import { toDetail, toFavouriteItem } from './presenter.js';
import { itemContent, type PublicityFilter, publicityCount, publicityPage } from './publicity-repo.js';
import {
  addFavourite,
  countFavourites,
  favouriteDeadlines,
  findPublished,
  isFavourite,
  listFavourites,
  removeFavourite,
} from './repo.js';

/** Where a programme's conditions come from (the policy tools hold them). */
export interface ProgrammeSource {
  programmeOf(title: string): Promise<{ name: string; conditions: PolicyConditions } | null>;
}

interface PolicyItemsDeps {
  db: Db;
  now: () => Date;
  customers: Pick<CustomersService, 'list'>;
  subscriptions: Pick<SubscriptionsService, 'deadlines'>;
  programmes: ProgrammeSource;
  /** The content module's files: an item's attachments. */
  files: Pick<NoticeFiles, 'attachmentsOf'>;
}

/** The first and last instant (ISO, UTC) of a YYYY-MM month in Asia/Shanghai. */
export function monthRange(month: string): { from: string; to: string } {
  const from = new Date(`${month}-01T00:00:00+08:00`);
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  const to = new Date(new Date(`${next}-01T00:00:00+08:00`).getTime() - 1);
  return { from: from.toISOString(), to: to.toISOString() };
}

export function createPolicyItemsService({
  db,
  now,
  customers,
  subscriptions,
  programmes,
  files,
}: PolicyItemsDeps) {
  async function published(id: number) {
    const row = await findPublished(db, id, now().toISOString());
    if (!row) throw errors.policyItemNotFound();
    return row;
  }

  /** The item's body, 文号, 原文链接 and attachments; a 公示公告's 公示名单 counted (all, the member's). */
  async function contentOf(member: Member, id: number, type: string) {
    const [columns, attachments, total, mine] = await Promise.all([
      itemContent(db, id),
      files.attachmentsOf('policy', id),
      type === 'gsgg' ? publicityCount(db, { itemId: id, ownerId: member.ownerId, mine: false }) : null,
      type === 'gsgg' ? publicityCount(db, { itemId: id, ownerId: member.ownerId, mine: true }) : null,
    ]);
    return {
      content: columns?.content ?? '',
      doc_no: columns?.doc_no ?? '',
      source_url: columns?.source_url ?? '',
      attachments,
      ...(total === null || mine === null ? {} : { publicity_total: total, publicity_mine: mine }),
    };
  }

  return {
    /** The item with its programme's conditions, whether it is a favourite and the matching customers (first 20). */
    async detail(member: Member, id: number): Promise<PolicyItemDetail> {
      const row = await published(id);
      const [programme, favourite, page, content] = await Promise.all([
        row.type === 'sbtz' ? programmes.programmeOf(row.title) : Promise.resolve(null),
        isFavourite(db, member.ownerId, id),
        customers.list(
          member,
          {
            city_code: row.city_code ?? undefined,
            area_code: row.area_code ?? undefined,
            industry_code: row.industry_code ?? undefined,
          },
          { page: 1, size: POLICY_DETAIL_CUSTOMERS },
        ),
        contentOf(member, row.id, row.type),
      ]);
      return toDetail(row, {
        now: now().toISOString(),
        programme,
        favourite,
        customers: { list: page.list, total: page.total },
        content,
      });
    },

    /** A 公示公告's 公示名单, filtered by name or credit code, or the member's customers only; 404 for another item. */
    async publicity(
      member: Member,
      query: { id: number; q?: string; mine?: '0' | '1' },
      paging: Paging,
    ): Promise<Page<PublicityRow>> {
      const row = await published(query.id);
      if (row.type !== 'gsgg') throw errors.policyItemNotFound();
      const filter: PublicityFilter = {
        itemId: row.id,
        ownerId: member.ownerId,
        q: query.q || undefined,
        mine: query.mine === '1',
      };
      return readPage(
        paging,
        async (limit, offset) =>
          (await publicityPage(db, filter, limit, offset)).map((r) => ({
            ...r,
            customer_id: r.customer_id === null ? null : Number(r.customer_id),
          })),
        () => publicityCount(db, filter),
      );
    },

    async favourites(member: Member, paging: Paging): Promise<Page<PolicyFavouriteItem>> {
      const at = now().toISOString();
      return readPage(
        paging,
        async (limit, offset) =>
          (await listFavourites(db, member.ownerId, at, limit, offset)).map(toFavouriteItem),
        () => countFavourites(db, member.ownerId, at),
      );
    },

    async addFavourite(member: Member, id: number): Promise<PolicyFavouriteState> {
      await published(id);
      await addFavourite(db, member.ownerId, id, now().toISOString());
      return { id, favourite: true };
    },

    /** Removes a favourite; one that is not there is already removed. */
    async removeFavourite(member: Member, id: number): Promise<PolicyFavouriteState> {
      await removeFavourite(db, member.ownerId, id);
      return { id, favourite: false };
    },

    /** 申报日历 of a month (default: this month in Asia/Shanghai): open items by deadline, nearest first. */
    async calendar(member: Member, month: string | undefined): Promise<PolicyCalendar> {
      const at = now();
      const shown = month ?? shanghaiMonth(at);
      const range = monthRange(shown);
      const [subscribed, favourite] = await Promise.all([
        subscriptions.deadlines(member, range, CALENDAR_LIMIT + 1),
        favouriteDeadlines(db, member.ownerId, at.toISOString(), range, CALENDAR_LIMIT + 1),
      ]);
      const items = new Map<number, CalendarItem>();
      const put = (item: PolicyFeedItem, flag: 'subscribed' | 'favourite') => {
        if (item.end_time === null) return;
        const entry = items.get(item.id) ?? {
          ...item,
          end_time: item.end_time,
          subscribed: false,
          favourite: false,
        };
        entry[flag] = true;
        items.set(item.id, entry);
      };
      for (const item of subscribed) put(item, 'subscribed');
      for (const row of favourite) put(toFeedItem(row), 'favourite');
      const sorted = [...items.values()].sort((a, b) => a.end_time.localeCompare(b.end_time) || a.id - b.id);
      return {
        month: shown,
        today: shanghaiDate(at),
        items: sorted.slice(0, CALENDAR_LIMIT),
        truncated: sorted.length > CALENDAR_LIMIT,
      };
    },
  };
}

export type PolicyItemsService = ReturnType<typeof createPolicyItemsService>;
