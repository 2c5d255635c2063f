// 申报提醒: once per member, item and deadline, `remind_days` (推送设置 提醒天数, default 3, 0 = off) before the deadline
// of an open item the member subscribes to (the 订阅项目 its push settings select) or has in 收藏, a reminder goes
// through the member's channels: the websocket push and the in-site inbox (站内消息), and the SMS/email digest as for a
// published item (one per channel and day, quiet hours respected). Inserting the (member, item, deadline) key
// claims a reminder, so any instance may run the job and each reminder is sent once.
import {
  DAY_MS,
  MSG_WITH,
  PUSH_POLICY_REMINDER,
  policyDetailLink,
  REMIND_DAYS,
  shanghaiDate,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { PushHub } from '../push/hub.js';
import type { Audience, PolicyDelivery } from '../subscriptions/delivery.js';
import type { SubscriptionsService } from '../subscriptions/service.js';
import { claimReminder, favouriteDeadlines } from './repo.js';

/** The in-site inbox (the message centre's `deliver`), as the reminders need it. */
export interface ReminderInbox {
  deliver(input: {
    userIds: readonly number[];
    kind: 'reminder';
    title: string;
    body?: string;
    link?: string;
  }): Promise<void>;
}

/** How often the job looks for reminders due: a reminder goes out within minutes of its day starting. */
export const REMIND_POLL_MS = 5 * 60_000;
/** The most items a pass reminds one member of, and the most favourites it reads in all. */
const PER_MEMBER_LIMIT = 200;
const FAVOURITES_LIMIT = 50_000;

interface RemindersDeps {
  db: Db;
  now: () => Date;
  push: Pick<PushHub, 'toGroup'>;
  inbox: ReminderInbox;
  subscriptions: Pick<SubscriptionsService, 'reminderAudience' | 'subscribedDeadlines'>;
  digest: PolicyDelivery['digest'];
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface DueItem {
  id: number;
  title: string;
  end_time: string;
}

export function createReminders({ db, now, push, inbox, subscriptions, digest, log }: RemindersDeps) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function send(member: Audience, item: DueItem, at: Date): Promise<void> {
    const text = MSG_WITH.policyReminder(item.title, shanghaiDate(item.end_time));
    if (member.settings.channels.includes('site')) {
      await push.toGroup(member.user_id, { code: PUSH_POLICY_REMINDER, message: text });
      await inbox.deliver({
        userIds: [member.user_id],
        kind: 'reminder',
        title: `申报提醒：${item.title}`,
        body: text,
        link: policyDetailLink(item.id),
      });
    }
    await digest(member, item, at, { subject: '申报提醒', text });
  }

  /** One pass: every reminder due at the clock's time; returns how many this instance sent. */
  async function run(): Promise<number> {
    const at = now();
    const iso = at.toISOString();
    const horizon = { from: iso, to: new Date(at.getTime() + REMIND_DAYS.max * DAY_MS).toISOString() };
    const favourites = await favouriteDeadlines(db, null, iso, horizon, FAVOURITES_LIMIT);
    const byMember = new Map<number, DueItem[]>();
    for (const row of favourites) {
      const list = byMember.get(row.user_id) ?? [];
      list.push({ id: row.id, title: row.title, end_time: row.end_time ?? iso });
      byMember.set(row.user_id, list);
    }
    const audience = await subscriptions.reminderAudience(at, [...byMember.keys()]);
    let sent = 0;
    for (const member of audience) {
      const days = member.settings.remind_days;
      if (days <= 0) continue;
      const range = { from: iso, to: new Date(at.getTime() + days * DAY_MS).toISOString() };
      const subscribed = await subscriptions.subscribedDeadlines(
        member.settings,
        range,
        at,
        PER_MEMBER_LIMIT,
      );
      const due = new Map<number, DueItem>();
      for (const item of subscribed)
        if (item.end_time) due.set(item.id, { ...item, end_time: item.end_time });
      for (const item of byMember.get(member.user_id) ?? [])
        if (item.end_time <= range.to) due.set(item.id, item);
      for (const item of due.values()) {
        const claimed = await claimReminder(db, {
          user_id: member.user_id,
          item_id: item.id,
          deadline: item.end_time,
          sent_at: iso,
        });
        if (!claimed) continue;
        sent += 1;
        try {
          await send(member, item, at);
        } catch (err) {
          log.warn({ err, user_id: member.user_id, item_id: item.id }, 'policy reminder failed');
        }
      }
    }
    return sent;
  }

  const reminders = {
    /** One pass (passes never overlap on an instance: a second caller waits for the running one). */
    async tick(): Promise<number> {
      while (running) await running.catch(() => 0);
      running = run();
      try {
        return await running;
      } finally {
        running = null;
      }
    },

    start() {
      timer = setInterval(() => {
        reminders.tick().catch((err: unknown) => log.error({ err }, 'policy reminders failed'));
      }, REMIND_POLL_MS);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
  return reminders;
}

export type Reminders = ReturnType<typeof createReminders>;
