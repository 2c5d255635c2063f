// The console's 会员通知: the account notices sent to members (renewal reminders and refund notices), one row per
// member, notice and channel (消息中心, SMS, mail), with its state; read with members.read.
import { z } from 'zod';
import { textField } from './fields.js';
import { keysOf, namesOf } from './key-table.js';
import { MSG } from './messages.js';
import { consoleDateField } from './staff-members.js';

export const STAFF_NOTICES_API = {
  /** GET StaffNoticeQuery & paging -> Page<StaffNotice>, newest first. */
  list: '/api/admin/notices/',
  /** GET StaffNoticeQuery -> .xlsx of every notice of the filter. */
  export: '/api/admin/notices/export/',
} as const;

export const NOTICE_KINDS = [
  { key: 'renewal', name: '续费提醒' },
  { key: 'refund', name: '退款通知' },
  { key: 'ticket', name: '工单回复' },
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number]['key'];
export const NOTICE_KIND_NAME = namesOf(NOTICE_KINDS);

export const NOTICE_CHANNELS = [
  { key: 'site', name: '站内消息' },
  { key: 'sms', name: '短信' },
  { key: 'email', name: '邮件' },
] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number]['key'];
export const NOTICE_CHANNEL_NAME = namesOf(NOTICE_CHANNELS);

export const NOTICE_STATES = [
  { key: 'pending', name: '待发送' },
  { key: 'sending', name: '发送中' },
  { key: 'sent', name: '已发送' },
  { key: 'failed', name: '发送失败' },
  { key: 'skipped', name: '已取消' },
] as const;
export type NoticeState = (typeof NOTICE_STATES)[number]['key'];
export const NOTICE_STATE_NAME = namesOf(NOTICE_STATES);

/** The renewal reminders' windows: days before the expiry date (0: the day it lapses). */
export const RENEWAL_WINDOWS = [30, 7, 1, 0] as const;
export type RenewalWindow = (typeof RENEWAL_WINDOWS)[number];

/** A reminder's window as the console shows it: 到期前30天, 到期当天; '' for a refund notice. */
export function noticeWindowText(days: number | null): string {
  if (days === null) return '';
  return days === 0 ? '到期当天' : `到期前${days}天`;
}

export const staffNoticeQuery = z.object({
  kind: z.enum(keysOf(NOTICE_KINDS), { error: MSG.badRequest }).optional(),
  channel: z.enum(keysOf(NOTICE_CHANNELS), { error: MSG.badRequest }).optional(),
  /** The member's username, exactly. */
  username: textField(32).trim().optional(),
  /** Created between these Shanghai dates, inclusive. */
  from: consoleDateField.optional(),
  to: consoleDateField.optional(),
});
export type StaffNoticeQuery = z.infer<typeof staffNoticeQuery>;

export const staffNoticeSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  kind: z.enum(keysOf(NOTICE_KINDS)),
  /** A renewal reminder's window in days (30, 7, 1, 0: the day it lapses); null for a refund notice. */
  window_days: z.number().nullable(),
  channel: z.enum(keysOf(NOTICE_CHANNELS)),
  title: z.string(),
  state: z.enum(keysOf(NOTICE_STATES)),
  /** ISO time it was written (claimed). */
  created_at: z.string(),
  /** ISO time it is held until (quiet hours). */
  due_at: z.string(),
  /** ISO time it was sent, null while not. */
  sent_at: z.string().nullable(),
});
export type StaffNotice = z.infer<typeof staffNoticeSchema>;
