// The console's 新闻: operators list, publish (now or at a later time), edit and withdraw the articles of the
// members' 最新发布. There is no push: members read news in their lists, which show only articles whose publish time
// has passed, so scheduling is the publish time itself and 撤回 moves it past every "now". Every change writes its
// audit row in its own transaction.

import { randomUUID } from 'node:crypto';
import { MSG, type NewsArticleInput, type NewsQuery, type Page, type StaffNewsArticle } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { type Paging, readPage } from '../../lib/paging.js';
import {
  mapRows,
  publicationFilter,
  publicationState,
  shownPublishTime,
  withdrawalOf,
} from '../../lib/publication.js';
import { keysetBatches } from '../../lib/xlsx.js';
import type { AuditActor, AuditInput, RecordAudit } from '../staff/audit.js';
import {
  type ArticleRow,
  articleBatch,
  countArticles,
  findArticle,
  insertArticle,
  listArticles,
  updateArticle,
  withdrawArticle,
} from './console-repo.js';

function toArticle(row: ArticleRow, now: string): StaffNewsArticle {
  return {
    id: row.id,
    guid: row.guid,
    title: row.title,
    source: row.source,
    content: row.content,
    publish_at: shownPublishTime(row),
    state: publicationState(row, now),
    withdrawn_at: row.withdrawn_at,
    withdraw_reason: row.withdraw_reason,
  };
}

const EXPORT_BATCH = 500;

interface NewsConsoleDeps {
  db: Db;
  now: () => Date;
  audit: RecordAudit;
}

export function createNewsConsole({ db, now, audit }: NewsConsoleDeps) {
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
    async page(query: NewsQuery, paging: Paging): Promise<Page<StaffNewsArticle>> {
      const at = now().toISOString();
      const filter = publicationFilter(query);
      const page = await readPage(
        paging,
        (limit, offset) => listArticles(db, filter, at, limit, offset),
        () => countArticles(db, filter, at),
      );
      return { ...page, list: page.list.map((r) => toArticle(r, at)) };
    },

    /** Every article of the filter, newest first, read in batches as the workbook is written. */
    exportRows(query: NewsQuery): { at: Date; rows: AsyncIterable<StaffNewsArticle> } {
      const at = now();
      const iso = at.toISOString();
      const filter = publicationFilter(query);
      const rows = keysetBatches<ArticleRow>(
        (after, limit) =>
          articleBatch(db, filter, iso, after && { shown: shownPublishTime(after), id: after.id }, limit),
        EXPORT_BATCH,
      );
      return { at, rows: mapRows(rows, (r) => toArticle(r, iso)) };
    },

    /** Publishes now (no publish_at, or one already past) or schedules; the guid is new and unique. */
    async create(body: NewsArticleInput, actor: AuditActor): Promise<StaffNewsArticle> {
      const at = now().toISOString();
      return db.transaction().execute(async (trx) => {
        const id = await insertArticle(trx, {
          guid: randomUUID().replaceAll('-', ''),
          title: body.title,
          source: body.source,
          content: body.content,
          publish_time: body.publish_at ?? at,
        });
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
        const text = { title: body.title, source: body.source, content: body.content };
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
