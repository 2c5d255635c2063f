// The content module's service: the publisher of policy items (the outbox, polled) and the console's 内容 over policy
// items and news, built from one set of dependencies. How members are told of a published item is handed in
// (`delivery`, the subscriptions module's matching and push), so this module imports none of that.
import type { Db } from '../../db/connection.js';
import type { FileStore } from '../../lib/file-store.js';
import type { RecordAudit } from '../staff/audit.js';
import { createContentConsole, createNewsConsole } from './console.js';
import { createNoticeFiles } from './files.js';
import { createPublisher, type PublicationDelivery } from './publisher.js';

interface ContentDeps {
  db: Db;
  now: () => Date;
  delivery: PublicationDelivery;
  /** The staff module's audit writer: every console change writes its row in its own transaction. */
  audit: RecordAudit;
  log: { error(obj: object, msg: string): void };
  /** Where the notices' files are kept, and the largest upload (UPLOAD_MAX_MB). */
  files: { store: FileStore; maxMb: number };
}

export function createContentService({ db, now, delivery, audit, log, files: fileSettings }: ContentDeps) {
  const publisher = createPublisher({ db, now, delivery, log });
  const files = createNoticeFiles({ db, now, ...fileSettings });
  return {
    publisher,
    /** The notices' files: uploads, attachments, the members' and the console's reads. */
    files,
    /** 内容 › 政策: the policy items. */
    items: createContentConsole({ db, now, publisher, audit, files }),
    /** 内容 › 新闻: the news articles. */
    news: createNewsConsole({ db, now, audit, files }),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
