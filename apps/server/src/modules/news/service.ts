// News (最新发布): the latest for the dashboard's scroller, the full list by page, one article for /news/detail.
import { type NewsItem, newsParagraphs, type PagedSuccess } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { type Paging, readSuccessPage } from '../../lib/paging.js';
import { countNews, findNewsByGuid, listNews } from './repo.js';

export interface NewsArticle {
  title: string;
  source: string;
  /** Paragraphs. */
  paragraphs: string[];
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
      const paragraphs = newsParagraphs(row.content);
      return { title: row.title, source: row.source, paragraphs, publish_time: row.publish_time };
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
