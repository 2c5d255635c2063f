// Publishing policy items: an item goes into policy_items and the publication outbox in one transaction; once its
// publish time has passed, one instance claims it, matches it against every member's push settings and pushes it to
// the matching members' websockets (PUSH_POLICY_MATCHED), with at most one SMS and one email digest per member and day.
// The outbox is polled, so an item inserted by another process (`npm run content -- publish`) is pushed too.
import {
  type InboxDelivery,
  LEVEL,
  MSG,
  MSG_WITH,
  PUSH_POLICY_MATCHED,
  type PushSettings,
  shanghaiDate,
  shanghaiMinute,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { PushDigestChannel } from '../../db/schema.js';
import { escapeHtml } from '../../lib/html.js';
import type { MailProvider } from '../../providers/mail/index.js';
import type { SmsProvider } from '../../providers/sms/index.js';
import type { PushHub } from '../push/hub.js';
import {
  hasChoices,
  inQuietHours,
  itemMatches,
  type MatchItem,
  regionTerms,
  settingsOf,
} from './matching.js';
import {
  claimDigest,
  claimPublication,
  duePublications,
  insertPublished,
  type NewPolicyItem,
  pushAudience,
  recordMatched,
} from './repo.js';

/** How often the outbox is read: a published item reaches its members well within a second. */
export const PUBLISH_POLL_MS = 400;
const DUE_BATCH = 20;

interface PublisherDeps {
  db: Db;
  now: () => Date;
  push: Pick<PushHub, 'toGroup'>;
  mail: MailProvider;
  sms: Pick<SmsProvider, 'notify'>;
  /** 消息中心 (the messages module satisfies it): the 站内 channel stores the match there. */
  inbox: PolicyInbox;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** What the publisher needs of 消息中心: a policy message for main accounts (their sub-accounts get copies). */
export interface PolicyInbox {
  deliver(delivery: InboxDelivery): Promise<void>;
}

export interface Audience {
  user_id: number;
  settings: PushSettings;
  mobile: string | null;
  email: string;
}

/** The members whose settings select the item (members who chose nothing get nothing). */
export function matchAudience(item: MatchItem, audience: readonly Audience[]): Audience[] {
  return audience.filter(
    (a) => hasChoices(a.settings) && itemMatches(item, a.settings, regionTerms(a.settings.regions)),
  );
}

export function createPublisher({ db, now, push, mail, sms, inbox, log }: PublisherDeps) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function audience(at: Date): Promise<Audience[]> {
    const rows = await pushAudience(db, at.toISOString(), LEVEL.trialMax + 1);
    return rows.map((r) => ({
      user_id: r.user_id,
      settings: settingsOf(r),
      mobile: r.mobile,
      email: r.email,
    }));
  }

  /** Claims the member's digest of the day on one channel: true when this item sends it. */
  function claim(member: Audience, channel: PushDigestChannel, item: { id: number }, at: Date) {
    return claimDigest(db, {
      user_id: member.user_id,
      day: shanghaiDate(at),
      channel,
      item_id: item.id,
      sent_at: at.toISOString(),
    });
  }

  /**
   * The member's SMS and email digest of the day for the item (its channels, quiet hours, one per channel and day);
   * `mail` replaces the digest's email (the 申报提醒 sends its own text through the same claim).
   */
  async function digest(
    member: Audience,
    item: { id: number; title: string },
    at: Date,
    mailText: { subject: string; text: string } = {
      subject: '订阅推送',
      text: MSG_WITH.pushDigest(item.title, 1),
    },
  ) {
    const { channels } = member.settings;
    const wantsMail = channels.includes('email') && member.email !== '';
    const wantsSms = channels.includes('sms') && !!member.mobile;
    if (!wantsMail && !wantsSms) return;
    // Quiet hours hold the digests back: the next matching item after them sends them.
    if (inQuietHours(member.settings, shanghaiMinute(at).slice(11))) return;
    const failures: unknown[] = [];
    if (wantsMail && (await claim(member, 'email', item, at))) {
      const { subject, text } = mailText;
      await mail
        .send({ to: member.email, subject, text, html: `<p>${escapeHtml(text)}</p>` })
        .catch((err: unknown) => failures.push(err));
    }
    if (wantsSms && member.mobile && (await claim(member, 'sms', item, at))) {
      await sms
        .notify(member.mobile, { title: item.title, count: 1 })
        .catch((err: unknown) => failures.push(err));
    }
    if (failures.length > 0) throw failures[0];
  }

  /** Pushes one claimed item to the members it matches; returns how many. */
  async function dispatch(item: MatchItem & { id: number }, at: Date): Promise<number> {
    const matched = matchAudience(item, await audience(at));
    // The 站内 channel (PUSH_CHANNELS 'site'): the match is kept in 消息中心 and shown on the open pages.
    const site = matched.filter((m) => m.settings.channels.includes('site')).map((m) => m.user_id);
    await inbox.deliver({
      userIds: site,
      kind: 'policy',
      title: item.title,
      body: MSG.inboxPolicyBody,
      link: `/policy/detail?id=${item.id}`,
      pushed: true,
    });
    for (const member of matched) {
      if (member.settings.channels.includes('site'))
        await push.toGroup(member.user_id, { code: PUSH_POLICY_MATCHED, message: item.title });
      try {
        await digest(member, item, at);
      } catch (err) {
        log.warn({ err, user_id: member.user_id }, 'push digest failed');
      }
    }
    await recordMatched(db, item.id, matched.length);
    return matched.length;
  }

  /** Claims and pushes every due item; returns the number of items this instance pushed. */
  async function drain(): Promise<number> {
    let pushed = 0;
    for (;;) {
      const at = now();
      const due = await duePublications(db, at.toISOString(), DUE_BATCH);
      for (const item of due) {
        if (!(await claimPublication(db, item.id, at.toISOString()))) continue;
        await dispatch(item, at);
        pushed += 1;
      }
      if (due.length < DUE_BATCH) return pushed;
    }
  }

  const publisher = {
    digest,

    /** One pass over the outbox (ticks never overlap: a second caller waits for the running one). */
    async tick(): Promise<number> {
      while (running) await running.catch(() => 0);
      running = drain();
      try {
        return await running;
      } finally {
        running = null;
      }
    },

    /**
     * Publishes an item now (or at its publish time) and pushes it when due; `within` joins the insert's transaction
     * (the console's audit row).
     */
    async publish(item: NewPolicyItem, within?: (trx: Db, id: number) => Promise<void>): Promise<number> {
      const id = await insertPublished(db, item, within);
      await publisher.tick();
      return id;
    },

    start() {
      timer = setInterval(() => {
        publisher.tick().catch((err: unknown) => log.error({ err }, 'policy push failed'));
      }, PUBLISH_POLL_MS);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
  return publisher;
}

export type Publisher = ReturnType<typeof createPublisher>;
