// SQL of the sweep of unused uploads (lib/upload-sweep.ts), for the tables that keep an upload until something
// carries it: notice_files (a saved notice: notice_id) and ticket_files (a ticket or a reply: message_id).
import { sql } from 'kysely';
import type { UnusedUploads } from '../lib/upload-sweep.js';
import type { Db } from './connection.js';

/** Each table's column that is null while nothing carries the upload. */
const CARRIER = { notice_files: 'notice_id', ticket_files: 'message_id' } as const;

export function unusedUploads(db: Db, table: keyof typeof CARRIER): UnusedUploads {
  const carrier = sql.ref(CARRIER[table]);
  return {
    stale: (before, limit) =>
      db
        .selectFrom(table)
        .select('id')
        .where(carrier, 'is', null)
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(limit)
        .execute(),
    async remove(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .deleteFrom(table)
        .where('id', 'in', [...ids])
        .where(carrier, 'is', null)
        .returning('storage_key')
        .execute();
      return rows.map((r) => r.storage_key);
    },
  };
}
