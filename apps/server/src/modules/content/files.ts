// The notices' files: staff upload one (checked by size, extension and content), the console previews it, a notice
// names its attachments (in order) and shows its images; members read an image freely (like a CMS's pictures) and an
// attachment once signed in, while its notice is published and not withdrawn. The bytes live in the file store, the
// row in notice_files.
import { createHash, randomUUID } from 'node:crypto';
import {
  MSG,
  type NoticeAttachment,
  type NoticeFile,
  type NoticeFileKind,
  type NoticeType,
  noticeFileUrl,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { unusedUploads } from '../../db/unused-uploads-repo.js';
import { errors } from '../../errors.js';
import { checkUpload, FileRefused } from '../../lib/file-check.js';
import type { FileStore } from '../../lib/file-store.js';
import { sweepUnusedUploads } from '../../lib/upload-sweep.js';
import {
  claimImages,
  type FileRow,
  filesById,
  filesOf,
  findFile,
  insertFile,
  noticePublished,
  setAttachments,
} from './files-repo.js';

export const toNoticeFile = (row: FileRow): NoticeFile => ({
  id: row.id,
  name: row.name,
  mime: row.mime,
  size: row.size,
  kind: row.kind as NoticeFileKind,
  url: noticeFileUrl(row.id),
});

const toAttachment = ({ kind: _kind, ...file }: NoticeFile): NoticeAttachment => file;

/** The ids of our own files a body's images show. */
export function imageIdsIn(html: string): number[] {
  const ids = new Set<number>();
  for (const match of html.matchAll(/\/api\/ccw\/files\/(\d{1,10})\//g)) ids.add(Number(match[1]));
  return [...ids];
}

/** A file to send: its row (name, mime) and bytes. */
export interface FileOut {
  row: FileRow;
  bytes: Buffer;
}

interface FilesDeps {
  db: Db;
  now: () => Date;
  store: FileStore;
  /** UPLOAD_MAX_MB. */
  maxMb: number;
}

export function createNoticeFiles({ db, now, store, maxMb }: FilesDeps) {
  async function bytesOf(row: FileRow): Promise<FileOut> {
    const bytes = await store.get(row.storage_key);
    if (!bytes) throw errors.notFound();
    return { row, bytes };
  }

  return {
    maxMb,

    /** Keeps an uploaded file (not yet any notice's); refuses it with the Chinese message of what is wrong. */
    async upload(
      staffId: number,
      upload: { fileName: string; bytes: Buffer; kind: NoticeFileKind; noticeType?: NoticeType },
    ): Promise<NoticeFile> {
      let checked: Awaited<ReturnType<typeof checkUpload>>;
      try {
        checked = await checkUpload(upload.fileName, upload.bytes, maxMb);
      } catch (error) {
        if (error instanceof FileRefused) throw errors.badRequest(error.message);
        throw error;
      }
      if (upload.kind === 'image' && !checked.image) throw errors.badRequest(MSG.noticeImageRequired);
      const at = now();
      const key = `notices/${at.toISOString().slice(0, 7)}/${randomUUID()}`;
      await store.put(key, upload.bytes, checked.mime);
      const name = upload.fileName.replace(/[\\/]/g, '_').slice(-200);
      const id = await insertFile(db, {
        notice_type: upload.noticeType ?? 'policy',
        notice_id: null,
        kind: upload.kind,
        name,
        mime: checked.mime,
        size: upload.bytes.length,
        sha256: createHash('sha256').update(upload.bytes).digest('hex'),
        storage_key: key,
        created_by: staffId,
        created_at: at.toISOString(),
      });
      const row = await findFile(db, id);
      if (!row) throw errors.notFound();
      return toNoticeFile(row);
    },

    /**
     * A file as a member reads it: an image to anyone; an attachment to a signed-in member (`signedIn` throws the
     * 401 when the request has no session) while its notice is published and not withdrawn. 404 otherwise.
     */
    async forMember(id: number, signedIn: () => Promise<unknown>): Promise<FileOut> {
      const row = await findFile(db, id);
      if (!row) throw errors.notFound();
      if (row.kind !== 'image') {
        await signedIn();
        if (
          row.notice_id === null ||
          !(await noticePublished(db, row.notice_type, row.notice_id, now().toISOString()))
        )
          throw errors.notFound();
      }
      return bytesOf(row);
    },

    /** Any file, for the console's preview. */
    async forStaff(id: number): Promise<FileOut> {
      const row = await findFile(db, id);
      if (!row) throw errors.notFound();
      return bytesOf(row);
    },

    /** The notice's attachments, in order (read inside `via`, a transaction, when given). */
    async attachments(noticeType: NoticeType, noticeId: number, via: Db = db): Promise<NoticeFile[]> {
      return (await filesOf(via, noticeType, noticeId, 'attachment')).map(toNoticeFile);
    },

    /** The same as the member's detail lists them. */
    async attachmentsOf(noticeType: NoticeType, noticeId: number): Promise<NoticeAttachment[]> {
      return (await filesOf(db, noticeType, noticeId, 'attachment')).map(toNoticeFile).map(toAttachment);
    },

    /**
     * Inside the notice's save: makes `ids` its attachments in that order (each an uploaded file that is no other
     * notice's) and ties the images its body shows to it.
     */
    async attach(
      trx: Db,
      noticeType: NoticeType,
      noticeId: number,
      ids: readonly number[] | undefined,
      body: string | undefined,
    ): Promise<void> {
      if (ids) {
        const rows = await filesById(trx, ids);
        if (rows.length !== ids.length) throw errors.badRequest(MSG.noticeFileInvalid);
        for (const row of rows)
          if (row.notice_id !== null && (row.notice_id !== noticeId || row.notice_type !== noticeType))
            throw errors.badRequest(MSG.noticeFileInUse);
        await setAttachments(trx, noticeType, noticeId, ids);
      }
      if (body !== undefined) await claimImages(trx, noticeType, noticeId, imageIdsIn(body));
    },

    /** Removes the files no saved notice carried a day after their upload (lib/upload-sweep.ts); how many. */
    sweep: (): Promise<number> => sweepUnusedUploads(unusedUploads(db, 'notice_files'), store, now()),
  };
}

export type NoticeFiles = ReturnType<typeof createNoticeFiles>;
