// The console's 内容: operators list, publish (now or at a later time), edit and withdraw policy items. Publishing
// goes through the publisher's own `publish` (the path `npm run content -- publish` feeds through the outbox), so a
// console item reaches the matching members exactly as a CLI item does. Every change writes its audit row in its own
// transaction.
import {
  type ContentItem,
  type ContentItemInput,
  type ContentQuery,
  cityOfArea,
  MSG,
  type Page,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { type Paging, readPage } from '../../lib/paging.js';
import { mapRows, publicationFilter, publicationState, shownPublishTime } from '../../lib/publication.js';
import { keysetBatches } from '../../lib/xlsx.js';
import type { AuditActor, RecordAudit } from '../staff/audit.js';
import type { Publisher } from './publisher.js';
import {
  type ContentFilter,
  type ContentRow,
  contentBatch,
  countContent,
  findContent,
  listContent,
  type NewPolicyItem,
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
  };
}

const cityOfDistrict = (area: string) => cityOfArea(area)?.citycode ?? null;

function toContentItem(row: ContentRow, now: string): ContentItem {
  return {
    id: row.id,
    type: row.type as ContentItem['type'],
    title: row.title,
    dept: row.dept_name,
    city: row.city_code,
    area: row.area_code,
    industry: row.industry_code,
    publish_at: shownPublishTime(row),
    end_at: row.end_time,
    state: publicationState(row, now),
    matched: row.dispatched_at ? Number(row.matched ?? 0) : null,
    withdrawn_at: row.withdrawn_at,
    withdraw_reason: row.withdraw_reason,
  };
}

/** The audit's picture of an item: its columns and state (no publication counters). */
const auditShape = ({ matched: _m, ...item }: ContentItem) => item;

/** The query's Shanghai dates as stored bounds of the publish time. */
function filterOf(query: ContentQuery): ContentFilter {
  return { type: query.type, ...publicationFilter(query) };
}

const EXPORT_BATCH = 500;

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
}

export function createContentConsole({ db, now, publisher, audit }: ContentDeps) {
  async function load(id: number): Promise<ContentRow> {
    const row = await findContent(db, id);
    if (!row) throw errors.notFound();
    return row;
  }

  return {
    async page(query: ContentQuery, paging: Paging): Promise<Page<ContentItem>> {
      const at = now().toISOString();
      const filter = filterOf(query);
      const page = await readPage(
        paging,
        (limit, offset) => listContent(db, filter, at, limit, offset),
        () => countContent(db, filter, at),
      );
      return { ...page, list: page.list.map((r) => toContentItem(r, at)) };
    },

    /** Every item of the filter, newest first, read in batches as the workbook is written. */
    exportRows(query: ContentQuery): { at: Date; rows: AsyncIterable<ContentItem> } {
      const at = now();
      const filter = filterOf(query);
      const rows = keysetBatches<ContentRow>(
        (after, limit) =>
          contentBatch(
            db,
            filter,
            at.toISOString(),
            after && { shown: shownPublishTime(after), id: after.id },
            limit,
          ),
        EXPORT_BATCH,
      );
      return { at, rows: mapRows(rows, (r) => toContentItem(r, at.toISOString())) };
    },

    /** Publishes now or schedules (a later publish time); the publisher pushes it to matching members. */
    async create(body: ContentItemInput, actor: AuditActor): Promise<ContentItem> {
      const item = policyItemOf(body, now());
      const id = await publisher.publish(item, auditPublish(audit, actor, now));
      return toContentItem(await load(id), now().toISOString());
    },

    /**
     * Edits an item. Before its publish time everything may change (a new time reschedules it); once published only
     * title, department and deadline (the fields it was matched and pushed on stay as pushed); a withdrawn one not.
     */
    async update(id: number, body: ContentItemInput, actor: AuditActor): Promise<ContentItem> {
      const at = now();
      const item = policyItemOf(body, at);
      await db.transaction().execute(async (trx) => {
        const row = await findContent(trx, id);
        if (!row) throw errors.notFound();
        const before = toContentItem(row, at.toISOString());
        if (before.state === 'withdrawn') throw errors.badRequest(MSG.contentWithdrawn);
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
          });
        } else {
          await updatePolicyItem(trx, id, item);
        }
        const after = await findContent(trx, id);
        await audit(trx, {
          ...actor,
          action: 'content.update',
          targetType: 'policy_item',
          targetId: id,
          before: auditShape(before),
          after: after && auditShape(toContentItem(after, at.toISOString())),
        });
      });
      // A scheduled item moved to now is pushed at once, as a new one is.
      await publisher.tick();
      return toContentItem(await load(id), now().toISOString());
    },

    /** Withdraws an item: members' lists, details, favourites and calendars drop it; a scheduled one is not pushed. */
    async withdraw(id: number, reason: string, actor: AuditActor): Promise<ContentItem> {
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await findContent(trx, id);
        if (!row) throw errors.notFound();
        if (row.withdrawn_at) throw errors.badRequest(MSG.contentWithdrawn);
        await withdrawPolicyItem(trx, id, {
          withdrawn_at: at,
          withdraw_reason: reason,
          withdrawn_publish_time: row.publish_time,
        });
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
