// The console's 帮助文章: staff create, edit, publish or take down and delete the help articles; the HTML is sanitized
// on every save (what was removed is answered, so the editor shows it) and its plain text kept for the search. Every
// change writes its audit row in its own transaction.
import {
  type HelpArticleInput,
  MSG,
  type Page,
  type StaffHelpArticle,
  type StaffHelpArticleItem,
  type StaffHelpQuery,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { filteredList, type Paging } from '../../lib/paging.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { AuditActor, RecordAudit } from '../staff/audit.js';
import { plainTextOf, toStaffHelpArticle, toStaffHelpItem } from './presenter.js';
import { deleteArticle, findArticle, insertArticle, staffArticleRows, updateArticle } from './repo.js';

interface HelpDeskDeps {
  db: Db;
  now: () => Date;
  audit: RecordAudit;
}

const notFound = () => errors.consoleNotFound(MSG.helpArticleNotFound);

/** What the audit row keeps of an article (the HTML is long: its length only). */
const auditShape = (a: {
  topic: string;
  title: string;
  published: number;
  sort: number;
  content: string;
}) => ({
  topic: a.topic,
  title: a.title,
  published: a.published === 1,
  sort: a.sort,
  content_chars: a.content.length,
});

/** The stored columns of a body: the sanitized HTML and its text. */
export function articleColumns(body: HelpArticleInput) {
  const { html, removed } = sanitizeRichText(body.content);
  return {
    removed,
    values: {
      topic: body.topic,
      title: body.title,
      content: html,
      plain: plainTextOf(html),
      published: body.published ? 1 : 0,
      sort: body.sort,
    },
  };
}

export function createHelpDesk({ db, now, audit }: HelpDeskDeps) {
  async function found(q: Db, id: number) {
    const row = await findArticle(q, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    list(query: StaffHelpQuery, paging: Paging): Promise<Page<StaffHelpArticleItem>> {
      return filteredList(staffArticleRows, db, query, (rows) => rows.map(toStaffHelpItem)).page(paging);
    },

    async detail(id: number): Promise<StaffHelpArticle> {
      return toStaffHelpArticle(await found(db, id));
    },

    async create(body: HelpArticleInput, actor: AuditActor): Promise<StaffHelpArticle> {
      const { values, removed } = articleColumns(body);
      if (values.plain.length === 0 && !/<img\b/i.test(values.content))
        throw errors.badRequest(MSG.helpContentRequired);
      const stamp = now().toISOString();
      return db.transaction().execute(async (trx) => {
        const id = await insertArticle(trx, { ...values, created_at: stamp, updated_at: stamp });
        const row = await found(trx, id);
        await audit(trx, {
          ...actor,
          action: 'help.create',
          targetType: 'help_article',
          targetId: id,
          after: auditShape(row),
        });
        return toStaffHelpArticle(row, removed);
      });
    },

    async update(id: number, body: HelpArticleInput, actor: AuditActor): Promise<StaffHelpArticle> {
      const { values, removed } = articleColumns(body);
      if (values.plain.length === 0 && !/<img\b/i.test(values.content))
        throw errors.badRequest(MSG.helpContentRequired);
      return db.transaction().execute(async (trx) => {
        const before = await found(trx, id);
        await updateArticle(trx, id, { ...values, updated_at: now().toISOString() });
        const row = await found(trx, id);
        await audit(trx, {
          ...actor,
          action: 'help.update',
          targetType: 'help_article',
          targetId: id,
          before: auditShape(before),
          after: auditShape(row),
        });
        return toStaffHelpArticle(row, removed);
      });
    },

    async remove(id: number, reason: string, actor: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await found(trx, id);
        await deleteArticle(trx, id);
        await audit(trx, {
          ...actor,
          action: 'help.delete',
          targetType: 'help_article',
          targetId: id,
          before: auditShape(before),
          reason,
        });
      });
    },
  };
}

export type HelpDesk = ReturnType<typeof createHelpDesk>;
