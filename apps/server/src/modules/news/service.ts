// News (最新发布): the latest for the dashboard's scroller, the full list by page, one article for /news/detail.
import type { NewsItem, PagedSuccess } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { type Paging, readSuccessPage } from '../../lib/paging.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { countNews, findNewsByGuid, listNews } from './repo.js';

export interface NewsArticle {
  title: string;
  source: string;
  /** The body: sanitized HTML. */
  html: string;
  publish_time: string;
}

interface NewsDeps {
  db: Db;
  now: () => Date;
}

export function createNewsService({ db, now }: NewsDeps) {
  return {
    latest(size: number): Promise<NewsItem[]> {
      return listNews(db, now().toISOString(), size);
    },

    page(paging: Paging): Promise<PagedSuccess<NewsItem>> {
      const at = now().toISOString();
      return readSuccessPage(
        paging,
        (limit, offset) => listNews(db, at, limit, offset),
        () => countNews(db, at),
      );
    },

    /** A published article, or null for an unknown (or not yet published) guid. */
    async article(guid: string): Promise<NewsArticle | null> {
      const row = await findNewsByGuid(db, guid, now().toISOString());
      if (!row) return null;
      // Stored sanitized; sanitized again as it is drawn, so a row written by any other path shows no markup either.
      const html = sanitizeRichText(row.content).html;
      return { title: row.title, source: row.source, html, publish_time: row.publish_time };
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
