// Message rows into InboxMessage of @uc/shared.
import { INBOX_KIND_KEYS, type InboxKind, type InboxMessage } from '@uc/shared';
import type { MessageRow } from '../../db/schema.js';

const kindOf = (value: string): InboxKind =>
  (INBOX_KIND_KEYS as readonly string[]).includes(value) ? (value as InboxKind) : 'system';

export function toInboxMessage(row: MessageRow): InboxMessage {
  return {
    id: row.id,
    kind: kindOf(row.kind),
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.read_at !== null,
    created_at: row.created_at,
  };
}
