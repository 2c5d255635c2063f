// Telling members of a published policy item: the members whose push settings select it (matching.ts) get it in
// 消息中心 and on their websockets (PUSH_POLICY_MATCHED), with at most one SMS and one email digest per member and
// day. The publisher (modules/content) hands each due item in; the 申报提醒 sends its digests through the same claim.
import {
  type InboxDelivery,
  LEVEL,
  MSG,
  MSG_WITH,
  PUSH_POLICY_MATCHED,
  type PushSettings,
  policyDetailLink,
  shanghaiDate,
  shanghaiMinute,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { PushDigestChannel } from '../../db/schema.js';
import { escapeHtml } from '../../lib/html.js';
import { memberPageUrl } from '../../lib/public-url.js';
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
import { claimDigest, pushAudience } from './repo.js';

interface DeliveryDeps {
  db: Db;
  push: Pick<PushHub, 'toGroup'>;
  mail: MailProvider;
  sms: Pick<SmsProvider, 'notify'>;
  /** 消息中心 (the messages module satisfies it): the 站内 channel stores the match there. */
  inbox: PolicyInbox;
  /** Where a mail's link reaches the member app (clientBaseUrl). */
  baseUrl: string;
  log: { warn(obj: object, msg: string): void };
}

/** What the delivery needs of 消息中心: a policy message for main accounts (their sub-accounts get copies). */
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

export function createPolicyDelivery({ db, push, mail, sms, inbox, baseUrl, log }: DeliveryDeps) {
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
      // The notice itself, as the 消息中心 message links it.
      const url = memberPageUrl(baseUrl, policyDetailLink(item.id));
      await mail
        .send({
          to: member.email,
          subject,
          text: `${text}\n${url}`,
          html: `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
        })
        .catch((err: unknown) => failures.push(err));
    }
    if (wantsSms && member.mobile && (await claim(member, 'sms', item, at))) {
      await sms
        .notify(member.mobile, { title: item.title, count: 1 })
        .catch((err: unknown) => failures.push(err));
    }
    if (failures.length > 0) throw failures[0];
  }

  return {
    digest,

    /** Pushes one published item to the members it matches; returns how many. */
    async deliver(item: MatchItem & { id: number }, at: Date): Promise<number> {
      const matched = matchAudience(item, await audience(at));
      // The 站内 channel (PUSH_CHANNELS 'site'): the match is kept in 消息中心 and shown on the open pages.
      const site = matched.filter((m) => m.settings.channels.includes('site')).map((m) => m.user_id);
      await inbox.deliver({
        userIds: site,
        kind: 'policy',
        title: item.title,
        body: MSG.inboxPolicyBody,
        link: policyDetailLink(item.id),
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
      return matched.length;
    },
  };
}

export type PolicyDelivery = ReturnType<typeof createPolicyDelivery>;
