// The console's 内容: operators list, publish (now or at a later time), edit and withdraw the policy items and the
// news articles of the members' 最新发布. A policy item is published through the publisher's own `publish` (the path
// `npm run content -- publish` feeds through the outbox), so a console item reaches the matching members exactly as a
// CLI item does. News has no push: members read it in their lists, which show only articles whose publish time has
// passed, so scheduling is the publish time itself and 撤回 moves it past every "now". Every change writes its audit
// row in its own transaction.
import { randomUUID } from 'node:crypto';
import {
  type ContentItem,
  type ContentItemDetail,
  type ContentItemInput,
  type ContentQuery,
  cityOfArea,
  MSG,
  type NewsArticleInput,
  type NewsQuery,
  type Page,
  type StaffNewsArticle,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { PublicationAfter } from '../../db/publication-list.js';
import { renamePublicityList, replacePublicityList } from '../../db/publicity-list-repo.js';
import { errors } from '../../errors.js';
import { type Paging, readPage } from '../../lib/paging.js';
import {
  mapRows,
  publicationFilter,
  publicationState,
  shownPublishTime,
  type Withdrawable,
  withdrawalOf,
} from '../../lib/publication.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { keysetBatches } from '../../lib/xlsx.js';
import type { AuditActor, AuditInput, RecordAudit } from '../staff/audit.js';
import type { NoticeFiles } from './files.js';
import {
  type ArticleRow,
  articleList,
  findArticle,
  insertArticle,
  updateArticle,
  withdrawArticle,
} from './news-repo.js';
import { auditShape, toArticle, toContentItem } from './presenter.js';
import type { Publisher } from './publisher.js';
import {
  type ContentFilter,
  type ContentRow,
  contentList,
  findBody,
  findContent,
  type NewPolicyItem,
  publicityRows,
  updatePolicyItem,
  withdrawPolicyItem,
} from './repo.js';

/** The item a valid body describes (the CLI's arguments parse into the same body). */
export function policyItemOf(body: ContentItemInput, now: Date): NewPolicyItem {
  const area = body.area ?? null;
  return {
    type: body.type,
    title: body.title,
    dept_name: body.dept,
    // A district names its city: the matching reads both.
    city_code: (area ? cityOfDistrict(area) : null) ?? body.city ?? null,
    area_code: area,
    industry_code: body.industry ?? null,
    publish_time: body.publish_at ?? now.toISOString(),
    end_time: body.end_at ?? null,
    ...contentColumns(body),
  };
}

/** The content columns the body gives (the body sanitized); absent fields stay as they are. */
export function contentColumns(body: Pick<ContentItemInput, 'content' | 'doc_no' | 'source_url'>) {
  return {
    ...(body.content !== undefined ? { content: sanitizeRichText(body.content).html } : {}),
    ...(body.doc_no !== undefined ? { doc_no: body.doc_no } : {}),
    ...(body.source_url !== undefined ? { source_url: body.source_url } : {}),
  };
}

const cityOfDistrict = (area: string) => cityOfArea(area)?.citycode ?? null;

/** The query's Shanghai dates as stored bounds of the publish time. */
function filterOf(query: ContentQuery): ContentFilter {
  return { type: query.type, ...publicationFilter(query) };
}

const EXPORT_BATCH = 500;

/** How a console list reads one kind of publication (policy items, news articles) and shows a row at a time. */
interface ListSource<Query, Filter, Row extends Withdrawable & { id: number }, Item> {
  filterOf(query: Query): Filter;
  /** Its list in the repo (db/publication-list.ts `publicationRows`). */
  rows: {
    list(db: Db, filter: Filter, now: string, limit: number, offset: number): Promise<Row[]>;
    count(db: Db, filter: Filter, now: string): Promise<number>;
    batch(
      db: Db,
      filter: Filter,
      now: string,
      after: PublicationAfter | undefined,
      limit: number,
    ): Promise<Row[]>;
  };
  present(row: Row, now: string): Item;
}

/** A console list of the filter by page, and its export read in batches as the workbook is written. */
function publicationList<Query, Filter, Row extends Withdrawable & { id: number }, Item>(
  db: Db,
  now: () => Date,
  { filterOf, rows: { list, count, batch }, present }: ListSource<Query, Filter, Row, Item>,
) {
  return {
    async page(query: Query, paging: Paging): Promise<Page<Item>> {
      const at = now().toISOString();
      const filter = filterOf(query);
      const page = await readPage(
        paging,
        (limit, offset) => list(db, filter, at, limit, offset),
        () => count(db, filter, at),
      );
      return { ...page, list: page.list.map((r) => present(r, at)) };
    },

    /** Every row of the filter, newest first, read in batches as the workbook is written. */
    exportRows(query: Query): { at: Date; rows: AsyncIterable<Item> } {
      const at = now();
      const iso = at.toISOString();
      const filter = filterOf(query);
      const rows = keysetBatches<Row>(
        (after, limit) =>
          batch(db, filter, iso, after && { shown: shownPublishTime(after), id: after.id }, limit),
        EXPORT_BATCH,
      );
      return { at, rows: mapRows(rows, (r) => present(r, iso)) };
    },
  };
}

/**
 * The audit row of a new item, written inside its insert's transaction (`insertPublished`'s `within`): the console's
 * 新建 and `npm run content -- publish` (as CLI_ACTOR) write the same row.
 */
export function auditPublish(audit: RecordAudit, actor: AuditActor, now: () => Date) {
  return async (trx: Db, itemId: number): Promise<void> => {
    const after = await findContent(trx, itemId);
    await audit(trx, {
      ...actor,
      action: 'content.publish',
      targetType: 'policy_item',
      targetId: itemId,
      after: after && auditShape(toContentItem(after, now().toISOString())),
    });
  };
}

interface ContentDeps {
  db: Db;
  now: () => Date;
  publisher: Pick<Publisher, 'publish' | 'tick'>;
  audit: RecordAudit;
  files: Pick<NoticeFiles, 'attach' | 'attachments'>;
}

export function createContentConsole({ db, now, publisher, audit, files }: ContentDeps) {
  async function load(id: number): Promise<ContentRow> {
    const row = await findContent(db, id);
    if (!row) throw errors.notFound();
    return row;
  }

  /** The item as the console edits it: its row, body, attachments and 公示名单. */
  async function detail(trx: Db, id: number): Promise<ContentItemDetail> {
    const row = await findContent(trx, id);
    if (!row) throw errors.notFound();
    const [content, attachments, publicity] = await Promise.all([
      findBody(trx, id),
      files.attachments('policy', id, trx),
      row.type === 'gsgg' ? publicityRows(trx, id) : Promise.resolve([]),
    ]);
    return { ...toContentItem(row, now().toISOString()), content, attachments, publicity };
  }

  /** Inside the item's save: its attachments, the body's images and (a 公示公告) its 公示名单. */
  async function saveContent(trx: Db, id: number, body: ContentItemInput): Promise<void> {
    await files.attach(trx, 'policy', id, body.attachments, body.content);
    const row = await findContent(trx, id);
    if (!row) throw errors.notFound();
    const item = { id, title: row.title, dept: row.dept_name, publishtime: shownPublishTime(row) };
    if (row.type === 'gsgg' && body.publicity) await replacePublicityList(trx, item, body.publicity);
    else if (row.type !== 'gsgg') await replacePublicityList(trx, item, []);
    else await renamePublicityList(trx, item);
  }

  /** What an audit row records of an item: its list columns, and of its content the body's length and the files. */
  const audited = async (trx: Db, id: number) => {
    const { content, attachments, publicity, ...shown } = await detail(trx, id);
    return {
      ...auditShape(shown),
      content_chars: content.length,
      attachments: attachments.map((a) => a.id),
      publicity: publicity.length,
    };
  };

  return {
    ...publicationList(db, now, { filterOf, rows: contentList, present: toContentItem }),

    /** The item with its content. */
    item: (id: number): Promise<ContentItemDetail> => detail(db, id),

    /** Publishes now or schedules (a later publish time); the publisher pushes it to matching members. */
    async create(body: ContentItemInput, actor: AuditActor): Promise<ContentItemDetail> {
      const item = policyItemOf(body, now());
      const recordAudit = auditPublish(audit, actor, now);
      const id = await publisher.publish(item, async (trx, itemId) => {
        await saveContent(trx, itemId, body);
        await recordAudit(trx, itemId);
      });
      return detail(db, id);
    },

    /**
     * Edits an item. Before its publish time everything may change (a new time reschedules it); once published its
     * title, department, deadline and content (body, 文号, 原文链接, attachments, 公示名单) may be corrected, while
     * the fields it was matched and pushed on stay as pushed; a withdrawn one not.
     */
    async update(id: number, body: ContentItemInput, actor: AuditActor): Promise<ContentItemDetail> {
      const at = now();
      const item = policyItemOf(body, at);
      await db.transaction().execute(async (trx) => {
        const row = await findContent(trx, id);
        if (!row) throw errors.notFound();
        const before = toContentItem(row, at.toISOString());
        if (before.state === 'withdrawn') throw errors.badRequest(MSG.contentWithdrawn);
        const auditBefore = await audited(trx, id);
        if (before.state === 'published') {
          const fixedChanged =
            item.type !== row.type ||
            item.city_code !== row.city_code ||
            item.area_code !== row.area_code ||
            item.industry_code !== row.industry_code ||
            (body.publish_at != null && body.publish_at !== row.publish_time);
          if (fixedChanged) throw errors.badRequest(MSG.contentPublishedFixed);
          await updatePolicyItem(trx, id, {
            title: item.title,
            dept_name: item.dept_name,
            end_time: item.end_time,
            ...contentColumns(body),
          });
        } else {
          await updatePolicyItem(trx, id, item);
        }
        await saveContent(trx, id, body);
        await audit(trx, {
          ...actor,
          action: 'content.update',
          targetType: 'policy_item',
          targetId: id,
          before: auditBefore,
          after: await audited(trx, id),
        });
      });
      // A scheduled item moved to now is pushed at once, as a new one is.
      await publisher.tick();
      return detail(db, id);
    },

    /** Withdraws an item: members' lists, details, favourites and calendars drop it; a scheduled one is not pushed. */
    async withdraw(id: number, reason: string, actor: AuditActor): Promise<ContentItem> {
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await findContent(trx, id);
        if (!row) throw errors.notFound();
        if (row.withdrawn_at) throw errors.badRequest(MSG.contentWithdrawn);
        await withdrawPolicyItem(trx, id, withdrawalOf(row, at, reason));
        const after = await findContent(trx, id);
        await audit(trx, {
          ...actor,
          action: 'content.withdraw',
          targetType: 'policy_item',
          targetId: id,
          before: auditShape(toContentItem(row, at)),
          after: after && auditShape(toContentItem(after, at)),
          reason,
        });
      });
      return toContentItem(await load(id), at);
    },
  };
}

export type ContentConsole = ReturnType<typeof createContentConsole>;

// ------------------------------------------------------------------------------------------- 新闻

interface NewsConsoleDeps {
  db: Db;
  now: () => Date;
  audit: RecordAudit;
  files: Pick<NoticeFiles, 'attach'>;
}

export function createNewsConsole({ db, now, audit, files }: NewsConsoleDeps) {
  /** Runs `change` on the article in one transaction with its audit row (before and after as the console shows). */
  async function changeArticle(
    id: number,
    entry: Pick<AuditInput, 'action' | 'reason'> & AuditActor,
    change: (trx: Db, row: ArticleRow, at: string) => Promise<void>,
  ): Promise<StaffNewsArticle> {
    const at = now().toISOString();
    return db.transaction().execute(async (trx) => {
      const row = await findArticle(trx, id);
      if (!row) throw errors.notFound();
      if (row.withdrawn_at) throw errors.badRequest(MSG.contentWithdrawn);
      await change(trx, row, at);
      const after = await findArticle(trx, id);
      if (!after) throw errors.notFound();
      const shown = toArticle(after, at);
      await audit(trx, {
        ...entry,
        targetType: 'news',
        targetId: id,
        before: toArticle(row, at),
        after: shown,
      });
      return shown;
    });
  }

  return {
    ...publicationList(db, now, {
      filterOf: (query: NewsQuery) => publicationFilter(query),
      rows: articleList,
      present: toArticle,
    }),

    /** Publishes now (no publish_at, or one already past) or schedules; the guid is new and unique. */
    async create(body: NewsArticleInput, actor: AuditActor): Promise<StaffNewsArticle> {
      const at = now().toISOString();
      return db.transaction().execute(async (trx) => {
        const id = await insertArticle(trx, {
          guid: randomUUID().replaceAll('-', ''),
          title: body.title,
          source: body.source,
          content: sanitizeRichText(body.content).html,
          publish_time: body.publish_at ?? at,
        });
        await files.attach(trx, 'news', id, undefined, body.content);
        const row = await findArticle(trx, id);
        if (!row) throw errors.notFound();
        const article = toArticle(row, at);
        await audit(trx, {
          ...actor,
          action: 'content.news_create',
          targetType: 'news',
          targetId: id,
          after: article,
        });
        return article;
      });
    },

    /**
     * Edits an article. Before its publish time everything may change (a new time reschedules it, none publishes it
     * now); once published the text (title, source, body) may be corrected but the publish time stays, so the
     * members' list keeps its order; a withdrawn one changes no more.
     */
    update(id: number, body: NewsArticleInput, actor: AuditActor): Promise<StaffNewsArticle> {
      return changeArticle(id, { ...actor, action: 'content.news_update' }, async (trx, row, at) => {
        const text = { title: body.title, source: body.source, content: sanitizeRichText(body.content).html };
        await files.attach(trx, 'news', id, undefined, text.content);
        if (publicationState(row, at) === 'published') {
          if (body.publish_at != null && body.publish_at !== row.publish_time)
            throw errors.badRequest(MSG.newsPublishedFixed);
          await updateArticle(trx, id, text);
        } else {
          await updateArticle(trx, id, { ...text, publish_time: body.publish_at ?? at });
        }
      });
    },

    /** Withdraws an article: the members' lists and /news/detail drop it; a scheduled one never appears. */
    withdraw(id: number, reason: string, actor: AuditActor): Promise<StaffNewsArticle> {
      return changeArticle(id, { ...actor, action: 'content.news_withdraw', reason }, (trx, row, at) =>
        withdrawArticle(trx, id, withdrawalOf(row, at, reason)),
      );
    },
  };
}

export type NewsConsole = ReturnType<typeof createNewsConsole>;
