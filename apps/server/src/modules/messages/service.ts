// 消息中心 (docs/decisions.md "messages"): `deliver` stores one row per recipient account (a group kind such as a policy
// match reaches the main account and each of its live sub-accounts, each with its own read state) and tells the
// recipients' push groups (PUSH_INBOX, unless the caller pushes its own code) so every open tab refreshes its bell. An account reads, marks read and deletes
// only its own rows. Rows older than 180 days are swept.
import {
  DAY_MS,
  INBOX_GROUP_KINDS,
  INBOX_KIND_KEYS,
  INBOX_LIMITS,
  INBOX_RETENTION_DAYS,
  type InboxDelivery,
  type InboxKind,
  type InboxMessage,
  type InboxStatus,
  type InboxUnreadCount,
  MEMBER_APP_BASE,
  type Page,
  PUSH_INBOX,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { type Paging, readPage } from '../../lib/paging.js';
import type { PushHub } from '../push/hub.js';
import { toInboxMessage } from './presenter.js';
import {
  countMessages,
  deleteMessages,
  deleteOlderThan,
  insertMessages,
  listMessages,
  markRead,
  recipientsOf,
  unreadByKind,
} from './repo.js';

/** How often the retention sweep runs. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Tells the recipients' push groups; run after the rows are committed. */
export type Announce = () => Promise<void>;

interface MessagesDeps {
  db: Db;
  now: () => Date;
  push: Pick<PushHub, 'toGroup'>;
  log: { warn(obj: object, msg: string): void };
}

const cut = (text: string, max: number) => {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') : text;
};

/** The web app's base path: a link written with it is stored without it (the app's router adds it). */
const WEB_BASE = `${MEMBER_APP_BASE}/`;

/** An in-app path ('/invoice/list?x=1', also as '/usercenter/invoice/list'); anything else (another host) is dropped. */
function inAppLink(link: string | undefined): string {
  const path = link?.startsWith(WEB_BASE) ? link.slice(WEB_BASE.length - 1) : link;
  return path && /^\/(?![/\\])/.test(path) && path.length <= INBOX_LIMITS.link ? path : '';
}

export function createMessagesService({ db, now, push, log }: MessagesDeps) {
  let sweeper: NodeJS.Timeout | null = null;

  async function store(delivery: InboxDelivery, q: Db): Promise<number[]> {
    if (delivery.userIds.length === 0) return [];
    const recipients = await recipientsOf(q, delivery.userIds, INBOX_GROUP_KINDS.includes(delivery.kind));
    if (recipients.length === 0) return [];
    const at = now().toISOString();
    const title = cut(delivery.title, INBOX_LIMITS.title);
    const body = cut(delivery.body ?? '', INBOX_LIMITS.body);
    const link = inAppLink(delivery.link);
    await insertMessages(
      q,
      recipients.map((r) => ({
        user_id: r.id,
        kind: delivery.kind,
        title,
        body,
        link,
        read_at: null,
        created_at: at,
      })),
    );
    return [...new Set(recipients.map((r) => r.group_id))];
  }

  /** PUSH_INBOX to the groups, unless the caller pushes its own code to them. */
  const announce = (delivery: InboxDelivery, groups: readonly number[]) => async () => {
    if (delivery.pushed) return;
    for (const group of groups) await push.toGroup(group, { code: PUSH_INBOX, message: '' });
  };

  const service = {
    /**
     * Stores the message for its recipients and tells their push groups. A failure is logged, never thrown: the login
     * or payment that caused the message has happened.
     */
    async deliver(delivery: InboxDelivery): Promise<void> {
      try {
        await announce(delivery, await store(delivery, db))();
      } catch (err) {
        log.warn({ err, kind: delivery.kind }, 'an inbox message was not stored');
      }
    },

    /**
     * Stores the message in the caller's transaction `trx` (the rows commit or roll back with it; a failure is
     * thrown); the caller runs the returned announce after the commit.
     */
    async deliverIn(trx: Db, delivery: InboxDelivery): Promise<Announce> {
      return announce(delivery, await store(delivery, trx));
    },

    list(
      userId: number,
      paging: Paging,
      filter: { status: InboxStatus; kind?: InboxKind | undefined },
    ): Promise<Page<InboxMessage>> {
      const where = { unread: filter.status === 'unread', kind: filter.kind };
      return readPage(
        paging,
        async (limit, offset) => (await listMessages(db, userId, where, limit, offset)).map(toInboxMessage),
        () => countMessages(db, userId, where),
      );
    },

    async unreadCount(userId: number): Promise<InboxUnreadCount> {
      const byKind = Object.fromEntries(INBOX_KIND_KEYS.map((k) => [k, 0])) as Record<InboxKind, number>;
      let total = 0;
      for (const { kind, n } of await unreadByKind(db, userId)) {
        if ((INBOX_KIND_KEYS as readonly string[]).includes(kind)) byKind[kind as InboxKind] = n;
        total += n;
      }
      return { total, by_kind: byKind };
    },

    /** Marks the account's own messages of these ids read (another account's ids are not touched). */
    async read(userId: number, ids: readonly number[]): Promise<{ count: number }> {
      return { count: await markRead(db, userId, ids, now().toISOString()) };
    },

    async readAll(userId: number): Promise<{ count: number }> {
      return { count: await markRead(db, userId, null, now().toISOString()) };
    },

    async remove(userId: number, ids: readonly number[]): Promise<{ count: number }> {
      return { count: await deleteMessages(db, userId, ids) };
    },

    /** Deletes the messages older than the retention; how many went. */
    sweep(): Promise<number> {
      return deleteOlderThan(db, new Date(now().getTime() - INBOX_RETENTION_DAYS * DAY_MS).toISOString());
    },

    start(): void {
      if (sweeper) return;
      const run = () => {
        service.sweep().catch((err: unknown) => log.warn({ err }, 'the inbox sweep failed'));
      };
      run();
      sweeper = setInterval(run, SWEEP_INTERVAL_MS);
      sweeper.unref();
    },

    stop(): void {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
    },
  };
  return service;
}

export type MessagesService = ReturnType<typeof createMessagesService>;
