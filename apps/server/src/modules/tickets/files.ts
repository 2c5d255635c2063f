// Ticket attachments: an upload is checked (size, type, content), kept in the file store under a key of its own and
// recorded unsent; the ticket or message that carries it attaches it (repo `attachFiles`); a download reads it back.
// Uploads nobody sent within a day are swept (rows, then bytes).
import { createHash, randomUUID } from 'node:crypto';
import { MSG, type TicketFile } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { unusedUploads } from '../../db/unused-uploads-repo.js';
import { errors } from '../../errors.js';
import { checkUpload, FileRefused } from '../../lib/file-check.js';
import type { FileStore } from '../../lib/file-store.js';
import { sweepUnusedUploads } from '../../lib/upload-sweep.js';
import { insertFile, ticketFile } from './repo.js';

export interface TicketFilesDeps {
  db: Db;
  now: () => Date;
  files: FileStore;
  /** UPLOAD_MAX_MB. */
  uploadMaxMb: number;
}

/** Who uploads: a member account of the team of `ownerId`, or a staff member. */
export type UploadedBy = { ownerId: number; accountId: number } | { staffId: number };

/** A file name as kept: its last path part, control characters dropped, at most 100 characters. */
export const fileNameOf = (name: string): string => {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
  const clean = [...base.replace(/[\u0000-\u001f\u007f]/g, '')].slice(-100).join('').trim();
  return clean || 'file';
};

export function createTicketFiles({ db, now, files, uploadMaxMb }: TicketFilesDeps) {
  return {
    /** Removes the uploads left unsent for a day (lib/upload-sweep.ts); how many. */
    sweep: (): Promise<number> => sweepUnusedUploads(unusedUploads(db, 'ticket_files'), files, now()),

    /** Keeps an uploaded file unsent; the Chinese message of the check when it is refused. */
    async upload(by: UploadedBy, fileName: string, bytes: Buffer): Promise<TicketFile> {
      let mime: string;
      try {
        ({ mime } = await checkUpload(fileName, bytes, uploadMaxMb));
      } catch (error) {
        if (error instanceof FileRefused) throw errors.badRequest(error.message);
        throw error;
      }
      const at = now();
      const key = `tickets/${at.toISOString().slice(0, 7)}/${randomUUID()}`;
      await files.put(key, bytes, mime);
      const name = fileNameOf(fileName);
      const id = await insertFile(db, {
        user_id: 'staffId' in by ? null : by.ownerId,
        ticket_id: null,
        message_id: null,
        name,
        mime,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storage_key: key,
        uploaded_by: 'staffId' in by ? null : by.accountId,
        staff_id: 'staffId' in by ? by.staffId : null,
        created_at: at.toISOString(),
      });
      return { id, name, size: bytes.length, mime };
    },

    /** An attachment sent with the ticket (the caller authorized the ticket), with its bytes. */
    async download(ticketId: number, fileId: number): Promise<{ name: string; mime: string; bytes: Buffer }> {
      const row = await ticketFile(db, ticketId, fileId);
      const bytes = row ? await files.get(row.storage_key) : null;
      if (!row || !bytes) throw errors.consoleNotFound(MSG.ticketFileNotFound);
      return { name: row.name, mime: row.mime, bytes };
    },
  };
}

export type TicketFiles = ReturnType<typeof createTicketFiles>;
