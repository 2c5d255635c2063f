// Renewal reminders (docs/decisions.md "Renewal reminders and account notices"): at start and then every
// RENEWAL_REMINDER_INTERVAL_MINUTES, each main account of a paid plan whose expiry date (Shanghai) is 30, 7 or 1
// days away, or today, is told once per window and expiry date: in 消息中心 with a link to its plan's renewal order,
// and by SMS and mail per 推送设置 (the notices outbox). The claim is keyed on the expiry date, so a member who renewed
// meanwhile is not told of the old one, and a member already inside a window gets that window's reminder only.
import {
  type InboxDelivery,
  LEVEL,
  levelName,
  MSG,
  MSG_WITH,
  type RenewalWindow,
  renewsFromPlanList,
  shanghaiDate,
  shanghaiDayBounds,
  shanghaiDayNumber,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { AccountNotice, NoticeOutbox } from '../notices/service.js';
import { expiringMembers } from './renewal-repo.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The renewal reminders (main.ts starts them; tests and the dev command run a pass with `run`). */
    renewalReminders: RenewalReminders;
  }
}

/** The farthest window: members whose plan ends later are not looked at. */
const FARTHEST_DAYS = 30;

/** The window a plan ending at `expiresAt` is in on the day of `at` (Shanghai dates), or null for none. */
export function renewalWindow(expiresAt: string | Date, at: Date): RenewalWindow | null {
  const days = shanghaiDayNumber(expiresAt) - shanghaiDayNumber(at);
  if (days < 0 || days > FARTHEST_DAYS) return null;
  if (days <= 1) return days as 0 | 1;
  return days <= 7 ? 7 : 30;
}

/** Where the reminder leads: the plan's order page in renew mode, or the plan list for a legacy level without one. */
export function renewalLink(member: { level: number; gid: number | null }): string {
  return member.gid !== null && member.gid > 0 && !renewsFromPlanList(member.level)
    ? `/taocandetail?gid=${member.gid}&state=1&isRenew=1`
    : '/vip/index';
}

/** The reminder of a member's window: its texts and its claim's key (window and expiry date). */
export function renewalNotice(
  member: { id: number; level: number; gid: number | null; expired_at: string },
  window: RenewalWindow,
  at: Date,
): AccountNotice {
  const expiresOn = shanghaiDate(member.expired_at);
  const plan = levelName(member.level);
  const days = shanghaiDayNumber(member.expired_at) - shanghaiDayNumber(at);
  return {
    userId: member.id,
    event: `renewal:${window}:${expiresOn}`,
    kind: 'renewal',
    renewal: { windowDays: window, expiresOn },
    title: window === 0 ? MSG.renewalTodayTitle : MSG.renewalDueTitle,
    body: MSG_WITH.renewalDue(plan, expiresOn, days),
    link: renewalLink(member),
    smsDetail: MSG_WITH.smsRenewalDetail(plan, expiresOn),
  };
}

interface ReminderDeps {
  db: Db;
  now: () => Date;
  /** The notices outbox (the claim) and its sender. */
  notices: Pick<NoticeOutbox, 'enqueue'> & { flush(): Promise<number> };
  /** 消息中心 (the messages module satisfies it). */
  inbox: { deliver(delivery: InboxDelivery): Promise<void> };
  intervalMs: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export function createRenewalReminders({ db, now, notices, inbox, intervalMs, log }: ReminderDeps) {
  let timer: NodeJS.Timeout | null = null;
  /** The last pass asked for: passes run one after another in this instance. */
  let last: Promise<unknown> = Promise.resolve();

  /** One pass: every reminder due today claimed and delivered by whoever claims it first; how many this pass sent. */
  async function pass(): Promise<number> {
    const at = now();
    const today = shanghaiDate(at);
    const last = shanghaiDate(new Date(at.getTime() + FARTHEST_DAYS * 86_400_000));
    const { from, until } = shanghaiDayBounds(today, last);
    let sent = 0;
    for (const member of await expiringMembers(db, LEVEL.trialMax + 1, from ?? '', until ?? '')) {
      const window = renewalWindow(member.expired_at, at);
      if (window === null) continue;
      const notice = renewalNotice(member, window, at);
      try {
        const owned = await db.transaction().execute((trx) => notices.enqueue(trx, notice));
        if (!owned) continue;
        await inbox.deliver({
          userIds: [member.id],
          kind: 'system',
          title: notice.title,
          body: notice.body,
          link: notice.link,
        });
        sent += 1;
      } catch (err) {
        log.warn({ err, user_id: member.id }, 'renewal reminder failed');
      }
    }
    await notices.flush();
    return sent;
  }

  /** Runs a pass after the one under way (one at a time in this instance). */
  function run(): Promise<number> {
    const next = last.then(pass, pass);
    last = next.catch(() => {});
    return next;
  }

  return {
    run,

    /** A pass now, then one every interval, until stopped. */
    start(): void {
      if (timer) return;
      const tick = () => {
        run().catch((err: unknown) => log.error({ err }, 'renewal reminders failed'));
      };
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await last;
    },
  };
}

export type RenewalReminders = ReturnType<typeof createRenewalReminders>;
