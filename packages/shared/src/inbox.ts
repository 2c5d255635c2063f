// 消息中心 (the member's inbox): every push a member receives, stored per recipient account with its kind, text, link
// and read state, kept 180 days (docs/decisions.md "messages"). The 站内 channel of 推送设置 means this inbox.
import { z } from 'zod';
import { idList } from './fields.js';
import { keysOf, namesOf } from './key-table.js';
import { MSG } from './messages.js';

/** Paths of the inbox calls (not in docs/requirements.md §7: the product's own). */
export const INBOX_API = {
  /** GET ?page=&size=&status=all|unread&kind= -> Page<InboxMessage>, newest first. */
  list: '/api/ccw/message/list/',
  /** GET -> InboxUnreadCount. */
  unreadCount: '/api/ccw/message/unread-count/',
  /** POST { ids } -> InboxChanged: marks the caller's messages of these ids read. */
  read: '/api/ccw/message/read/',
  /** POST -> InboxChanged: marks every message of the caller read. */
  readAll: '/api/ccw/message/read-all/',
  /** POST { ids } -> InboxChanged: deletes the caller's messages of these ids. */
  delete: '/api/ccw/message/delete/',
} as const;

/**
 * The kinds of message, with their Chinese names. `group`: sent to a main account, every live sub-account of it gets
 * its own copy (with its own read state); the others reach only the account named.
 */
export const INBOX_KINDS = [
  { key: 'policy', name: '政策推送', group: true },
  { key: 'order', name: '订单支付', group: false },
  { key: 'invoice', name: '发票', group: false },
  { key: 'security', name: '账号安全', group: false },
  { key: 'team', name: '子账号', group: false },
  { key: 'system', name: '系统通知', group: false },
  { key: 'reminder', name: '申报提醒', group: true },
  { key: 'ticket', name: '工单回复', group: false },
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number]['key'];
export const INBOX_KIND_KEYS = keysOf(INBOX_KINDS);
export const INBOX_KIND_NAME = namesOf(INBOX_KINDS);
/** The kinds a main account's sub-accounts receive too. */
export const INBOX_GROUP_KINDS: readonly InboxKind[] = INBOX_KINDS.filter((k) => k.group).map((k) => k.key);

/** Messages older than this are deleted by the retention sweep. */
export const INBOX_RETENTION_DAYS = 180;
/** At most this many ids in one read or delete. */
export const INBOX_IDS_MAX = 100;
/** Stored lengths (a longer title or body is cut by the server, never refused: the sender is the server). */
export const INBOX_LIMITS = { title: 100, body: 1000, link: 300 } as const;

/**
 * Push code on /ws/msg/{group_id}/: a message reached the inbox of an account of the group; refresh the count. The
 * pushes that already tell the group (PUSH_POLICY_MATCHED, PUSH_ORDER_PAID, PUSH_INVOICE_ISSUED) refresh it too.
 */
export const PUSH_INBOX = 5 as const;

/** 全部 / 未读 of the list. */
export const INBOX_STATUSES = ['all', 'unread'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const inboxMessageSchema = z.object({
  id: z.number(),
  kind: z.enum(INBOX_KIND_KEYS),
  title: z.string(),
  body: z.string(),
  /** An in-app path ('/invoice/list'), or '' for none. */
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxUnreadCountSchema = z.object({
  total: z.number(),
  /** Unread messages per kind; every kind is present (0 for none). */
  by_kind: z.record(z.enum(INBOX_KIND_KEYS), z.number()),
});
export type InboxUnreadCount = z.infer<typeof inboxUnreadCountSchema>;

/** The answer of read, read-all and delete: how many of the caller's messages changed. */
export const inboxChangedSchema = z.object({ count: z.number() });
export type InboxChanged = z.infer<typeof inboxChangedSchema>;

/** The list's own query fields (the server adds page and size). */
export const inboxListQuery = z.object({
  status: z.enum(INBOX_STATUSES, { error: MSG.inboxStatusInvalid }).optional().default('all'),
  kind: z.enum(INBOX_KIND_KEYS, { error: MSG.inboxKindInvalid }).optional(),
});
export type InboxListQuery = z.input<typeof inboxListQuery>;

/** POST read / delete: 1..100 message ids, repeated ones once. */
export const inboxIdsBody = z.object({
  ids: idList(INBOX_IDS_MAX, MSG.inboxIdInvalid, MSG.inboxIdsRequired, MSG.inboxIdsTooMany),
});
export type InboxIdsInput = z.input<typeof inboxIdsBody>;

/** What a module hands the inbox: one message for these accounts (a group kind fans out to the sub-accounts). */
export interface InboxDelivery {
  userIds: readonly number[];
  kind: InboxKind;
  title: string;
  body?: string;
  /** An in-app path, or nothing. */
  link?: string;
  /**
   * The caller pushes its own code to the recipients' group right after (PUSH_POLICY_MATCHED, PUSH_ORDER_PAID,
   * PUSH_INVOICE_ISSUED: the web app refreshes the bell on those too), so no PUSH_INBOX is sent.
   */
  pushed?: boolean;
}
