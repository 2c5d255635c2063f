// Account notices (docs/decisions.md "Renewal reminders and account notices"): what concerns a member's money or plan
// (a renewal reminder, a refund) is kept in 消息中心 always, and goes by SMS and mail where the member's 推送设置
// channels include them and a mobile or email exists. Each (member, event, channel) is one row of member_notices,
// unique: whoever inserts it first owns the notice, so it goes out once across instances and restarts. The 站内 row
// is written already sent (its owner delivers it to 消息中心 right after); SMS and mail rows wait for their due time
// (the end of the member's quiet hours) and a sender takes each by a conditional pending -> sending, then sends it.
import {
  DEFAULT_PUSH_SETTINGS,
  type Page,
  type StaffNotice,
  type StaffNoticeQuery,
  shanghaiDate,
  shanghaiDayBounds,
  shanghaiMinute,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { MemberNoticeChannel, MemberNoticeKind, MemberNoticeRow } from '../../db/schema.js';
import { escapeHtml } from '../../lib/html.js';
import { filteredList, type Paging } from '../../lib/paging.js';
import { memberPageUrl } from '../../lib/public-url.js';
import type { MailProvider } from '../../providers/mail/index.js';
import type { SmsProvider } from '../../providers/sms/index.js';
import { inQuietHours, readList } from '../subscriptions/matching.js';
import {
  claimNotice,
  dueNotices,
  findContact,
  finishNotice,
  type NewNotice,
  noticeList,
  takeNotice,
} from './repo.js';

/** How often the sender looks for notices whose quiet hours ended. */
export const NOTICE_POLL_MS = 60_000;
const SEND_BATCH = 100;
const ERROR_MAX = 300;

/** One account event told to a member: the texts of each channel and what makes it unique. */
export interface AccountNotice {
  userId: number;
  /** Unique per member: 'renewal:7:2026-12-06', 'refund:<refund_no>'. */
  event: string;
  kind: MemberNoticeKind;
  /** A renewal reminder's window and the expiry date (Shanghai) it is about. */
  renewal?: { windowDays: number; expiresOn: string };
  /** 消息中心's (and the mail's) title and text, and the in-app path it opens. */
  title: string;
  body: string;
  link: string;
  /** The SMS template's short detail (the title is the first parameter). */
  smsDetail: string;
}

/** Writes account notices into the outbox, in the caller's transaction `q` (the refund's, the reminder's). */
export function createNoticeOutbox({ now }: { now: () => Date }) {
  /**
   * Claims the notice on its channels: true when this call owns it (its 站内 row was new), and then the caller
   * delivers it to 消息中心 after its commit; the SMS and mail rows go out through the sender.
   */
  async function enqueue(q: Db, notice: AccountNotice): Promise<boolean> {
    const contact = await findContact(q, notice.userId);
    if (!contact) return false;
    const at = now();
    const stamp = at.toISOString();
    const base = {
      user_id: notice.userId,
      event: notice.event,
      kind: notice.kind,
      window_days: notice.renewal?.windowDays ?? null,
      expires_on: notice.renewal?.expiresOn ?? null,
      title: notice.title,
      link: notice.link,
      created_at: stamp,
      error: null,
    };
    const site: NewNotice = {
      ...base,
      channel: 'site',
      recipient: '',
      body: notice.body,
      state: 'sent',
      due_at: stamp,
      sent_at: stamp,
    };
    if (!(await claimNotice(q, site))) return false;
    const channels = contact.channels === null ? DEFAULT_PUSH_SETTINGS.channels : readList(contact.channels);
    const quiet = { quiet_start: contact.quiet_start ?? '', quiet_end: contact.quiet_end ?? '' };
    const due = quietEnd(quiet, at).toISOString();
    const later = (channel: MemberNoticeChannel, recipient: string, body: string): NewNotice => ({
      ...base,
      channel,
      recipient,
      body,
      state: 'pending',
      due_at: due,
      sent_at: null,
    });
    if (channels.includes('sms') && contact.mobile)
      await claimNotice(q, later('sms', contact.mobile, notice.smsDetail));
    if (channels.includes('email') && contact.email)
      await claimNotice(q, later('email', contact.email, notice.body));
    return true;
  }

  return { enqueue };
}

export type NoticeOutbox = ReturnType<typeof createNoticeOutbox>;

/**
 * The first time at or after `at` outside the quiet hours (HH:MM, Shanghai): `at` itself, or the next end of them
 * (Shanghai has no daylight saving: a day is 24 hours).
 */
export function quietEnd(quiet: { quiet_start: string; quiet_end: string }, at: Date): Date {
  const hhmm = shanghaiMinute(at).slice(11);
  if (!inQuietHours(quiet, hhmm)) return at;
  const today = Date.parse(`${shanghaiDate(at)}T${quiet.quiet_end}:00+08:00`);
  return new Date(today > at.getTime() ? today : today + 24 * 3_600_000);
}

interface SenderDeps {
  db: Db;
  now: () => Date;
  sms: Pick<SmsProvider, 'notice'>;
  mail: MailProvider;
  /** Where the member app is reached from a mail (the links are in-app paths). */
  baseUrl: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Sends the SMS and mail notices whose time has come, each by the one sender that took it; the console's list. */
export function createNotices({ db, now, sms, mail, baseUrl, log }: SenderDeps) {
  const outbox = createNoticeOutbox({ now });
  let timer: NodeJS.Timeout | null = null;
  /** The last pass asked for: passes run one after another in this instance. */
  let last: Promise<unknown> = Promise.resolve();

  async function send(row: MemberNoticeRow): Promise<void> {
    if (row.channel === 'sms') {
      await sms.notice(row.recipient, { title: row.title, detail: row.body });
      return;
    }
    const url = memberPageUrl(baseUrl, row.link);
    await mail.send({
      to: row.recipient,
      subject: row.title,
      text: `${row.body}\n${url}`,
      html: `<p>${escapeHtml(row.body)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    });
  }

  /** A renewal reminder held past a renewal (the expiry moved): not sent. */
  async function stale(row: MemberNoticeRow): Promise<boolean> {
    if (row.expires_on === null) return false;
    const contact = await findContact(db, row.user_id);
    return !contact?.expired_at || shanghaiDate(contact.expired_at) !== row.expires_on;
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (const row of await dueNotices(db, now().toISOString(), SEND_BATCH)) {
      if (!(await takeNotice(db, row.id))) continue;
      const at = () => now().toISOString();
      if (await stale(row)) {
        await finishNotice(db, row.id, { state: 'skipped', at: at(), error: null });
        continue;
      }
      try {
        await send(row);
        await finishNotice(db, row.id, { state: 'sent', at: at(), error: null });
        sent += 1;
      } catch (err) {
        // Not retried: a gateway that answered with an error may have delivered it (docs/decisions.md).
        log.warn({ err, notice: row.id }, 'account notice not sent');
        const error = err instanceof Error ? err.message.slice(0, ERROR_MAX) : 'error';
        await finishNotice(db, row.id, { state: 'failed', at: at(), error });
      }
    }
    return sent;
  }

  /** Sends what is due, after the pass under way (one at a time in this instance); how many were sent. */
  function flush(): Promise<number> {
    const next = last.then(sendDue, sendDue);
    last = next.catch(() => {});
    return next;
  }

  function list(query: StaffNoticeQuery) {
    const { from, until } = shanghaiDayBounds(query.from, query.to);
    const filter = { ...query, ...(from ? { from } : {}), ...(until ? { until } : {}) };
    return filteredList(noticeList, db, filter, (rows): StaffNotice[] => rows);
  }

  return {
    ...outbox,
    flush,
    list: (query: StaffNoticeQuery, paging: Paging): Promise<Page<StaffNotice>> => list(query).page(paging),
    /** The list's rows for its .xlsx, a batch at a time. */
    exportRows: (query: StaffNoticeQuery): AsyncIterable<StaffNotice> => list(query).all(),

    /** Polls for due notices until stopped (the app starts it once the database is ready). */
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        flush().catch((err: unknown) => log.error({ err }, 'account notices failed'));
      }, NOTICE_POLL_MS);
      timer.unref();
    },

    /** No more polls; the pass under way is waited for. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await last;
    },
  };
}

export type Notices = ReturnType<typeof createNotices>;
