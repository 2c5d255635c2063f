// SQL of the notices' files (notice_files): an upload's row, one file by id, the files of a notice, and tying the
// files a saved notice uses to it (attachments in their order, the body's images). Every write of notice_files is here.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { NoticeFilesTable } from '../../db/schema.js';

export type FileRow = Selectable<NoticeFilesTable>;
export type NewFile = Omit<Insertable<NoticeFilesTable>, 'id'>;

export async function insertFile(db: Db, row: NewFile): Promise<number> {
  const { id } = await db.insertInto('notice_files').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findFile(db: Db, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('notice_files').selectAll().where('id', '=', id).executeTakeFirst();
}

export function filesById(db: Db, ids: readonly number[]): Promise<FileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('notice_files').selectAll().where('id', 'in', ids).execute();
}

/** A notice's files of one kind, attachments in their order. */
export function filesOf(db: Db, noticeType: string, noticeId: number, kind: string): Promise<FileRow[]> {
  return db
    .selectFrom('notice_files')
    .selectAll()
    .where('notice_type', '=', noticeType)
    .where('notice_id', '=', noticeId)
    .where('kind', '=', kind)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Makes `ids` the notice's attachments, in that order. */
export async function setAttachments(
  trx: Db,
  noticeType: string,
  noticeId: number,
  ids: readonly number[],
): Promise<void> {
  // Attachments no longer listed go back to no notice (their bytes stay until an operator removes them).
  let dropped = trx
    .updateTable('notice_files')
    .set({ notice_id: null, position: 0 })
    .where('notice_type', '=', noticeType)
    .where('notice_id', '=', noticeId)
    .where('kind', '=', 'attachment');
  if (ids.length > 0) dropped = dropped.where('id', 'not in', ids);
  await dropped.execute();
  for (const [position, id] of ids.entries())
    await trx
      .updateTable('notice_files')
      .set({ notice_type: noticeType, notice_id: noticeId, position, kind: 'attachment' })
      .where('id', '=', id)
      .execute();
}

/** Ties the images a body shows to its notice (images not yet tied to another notice). */
export async function claimImages(
  trx: Db,
  noticeType: string,
  noticeId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('notice_files')
    .set({ notice_type: noticeType, notice_id: noticeId })
    .where('id', 'in', ids)
    .where('kind', '=', 'image')
    .where('notice_id', 'is', null)
    .execute();
}

/** Whether the notice a file belongs to is published now and not withdrawn. */
export async function noticePublished(
  db: Db,
  noticeType: string,
  noticeId: number,
  now: string,
): Promise<boolean> {
  const table = noticeType === 'news' ? 'news' : 'policy_items';
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('id', '=', noticeId)
    .where('publish_time', '<=', now)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
