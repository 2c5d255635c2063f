// 会员通知 in the operator console: the account notices sent to members (renewal reminders, refund notices), per
// channel with their state, filtered by kind, channel, member and date, and their .xlsx (members.read / export).
import {
  NOTICE_CHANNEL_NAME,
  NOTICE_KIND_NAME,
  NOTICE_STATE_NAME,
  noticeWindowText,
  STAFF_NOTICES_API,
  type StaffNotice,
  shanghaiSecond,
  staffNoticeQuery,
  staffNoticeSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { XlsxColumn } from '../../lib/xlsx.js';
import { staffListAt } from '../../plugins/staff-routes.js';
import type { Notices } from './service.js';

const NOTICE_COLUMNS: readonly XlsxColumn<StaffNotice>[] = [
  { header: '编号', width: 10, value: (n) => n.id },
  { header: '会员', width: 18, value: (n) => n.username },
  { header: '类型', width: 10, value: (n) => NOTICE_KIND_NAME[n.kind] },
  { header: '提醒窗口', width: 10, value: (n) => noticeWindowText(n.window_days) },
  { header: '渠道', width: 10, value: (n) => NOTICE_CHANNEL_NAME[n.channel] },
  { header: '标题', width: 20, value: (n) => n.title },
  { header: '状态', width: 10, value: (n) => NOTICE_STATE_NAME[n.state] },
  { header: '创建时间', width: 20, value: (n) => shanghaiSecond(n.created_at) },
  { header: '发送时间', width: 20, value: (n) => (n.sent_at ? shanghaiSecond(n.sent_at) : '') },
];

export const noticesConsoleRoutes: FastifyPluginAsyncZod<{ notices: Notices }> = async (app, { notices }) => {
  staffListAt(app, {
    tags: ['console-notices'],
    filter: staffNoticeQuery,
    item: staffNoticeSchema,
    list: {
      url: STAFF_NOTICES_API.list,
      staff: 'members.read',
      summary: '会员通知（续费提醒、退款通知，最新在前）',
    },
    export: {
      url: STAFF_NOTICES_API.export,
      staff: 'members.export',
      summary: '导出会员通知（.xlsx，筛选同列表）',
      audit: 'members.export_notices',
      name: '会员通知',
      columns: NOTICE_COLUMNS,
    },
    page: notices.list,
    rows: (filter) => ({ at: new Date(), rows: notices.exportRows(filter) }),
  });
};
