// 帮助中心 for members and visitors (docs/decisions.md "help centre"): the published articles, grouped by topic on the
// page, searched by any 2+ character fragment of the title or text (a LIKE over the plain text: tens of articles).
import type { HelpArticle, HelpArticleItem } from '@uc/shared';
import { MSG } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { toHelpArticle, toHelpArticleItem } from './presenter.js';
import { findPublishedArticle, publishedArticles } from './repo.js';

export function createHelpService({ db }: { db: Db }) {
  return {
    async list(query: { q?: string; topic?: string }): Promise<HelpArticleItem[]> {
      const q = query.q ? query.q : undefined;
      const rows = await publishedArticles(db, {
        ...(q ? { q } : {}),
        ...(query.topic ? { topic: query.topic } : {}),
      });
      return rows.map((row) => toHelpArticleItem(row, q));
    },

    async article(id: number): Promise<HelpArticle> {
      const row = await findPublishedArticle(db, id);
      if (!row) throw errors.consoleNotFound(MSG.helpArticleNotFound);
      return toHelpArticle(row);
    },
  };
}

export type HelpService = ReturnType<typeof createHelpService>;
