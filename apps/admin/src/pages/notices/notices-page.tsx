// 会员通知: the account notices sent to members (renewal reminders before a plan ends, refund notices), one row per
// member, notice and channel, newest first, filtered by kind, channel, member and date.
import {
  NOTICE_CHANNEL_NAME,
  NOTICE_CHANNELS,
  NOTICE_KIND_NAME,
  NOTICE_KINDS,
  NOTICE_STATE_NAME,
  type NoticeState,
  noticeWindowText,
  STAFF_NOTICES_API,
  type StaffNotice,
  shanghaiSecond,
} from '@uc/shared';
import { type TableColumnsType, Tag } from 'antd';
import { ListPage } from '../../components/list-page';
import { type ListSpec, useListQuery } from '../../components/use-list-query';

const options = (table: readonly { key: string; name: string }[]) =>
  table.map(({ key, name }) => ({ value: key, label: name }));

const LIST: ListSpec = {
  fields: [
    { kind: 'select', name: 'kind', label: '类型', options: options(NOTICE_KINDS) },
    { kind: 'select', name: 'channel', label: '渠道', options: options(NOTICE_CHANNELS) },
    { kind: 'text', name: 'username', label: '会员账号', maxLength: 32 },
    { kind: 'dateRange', from: 'from', to: 'to', label: '日期范围' },
  ],
  title: '会员通知',
  key: 'notices',
  path: STAFF_NOTICES_API.list,
  exportTo: { path: STAFF_NOTICES_API.export, fileName: '会员通知.xlsx', permission: 'members.export' },
};

const STATE_COLOR: Record<NoticeState, string> = {
  pending: 'gold',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  skipped: 'default',
};

const columns: TableColumnsType<StaffNotice> = [
  { title: '时间', dataIndex: 'created_at', width: 170, render: (at: string) => shanghaiSecond(at) },
  { title: '会员', dataIndex: 'username', width: 140 },
  {
    title: '类型',
    key: 'kind',
    width: 150,
    render: (_, row) =>
      row.window_days === null
        ? NOTICE_KIND_NAME[row.kind]
        : `${NOTICE_KIND_NAME[row.kind]}（${noticeWindowText(row.window_days)}）`,
  },
  {
    title: '渠道',
    dataIndex: 'channel',
    width: 90,
    render: (c: StaffNotice['channel']) => NOTICE_CHANNEL_NAME[c],
  },
  { title: '标题', dataIndex: 'title', ellipsis: true },
  {
    title: '状态',
    dataIndex: 'state',
    width: 100,
    render: (state: NoticeState) => <Tag color={STATE_COLOR[state]}>{NOTICE_STATE_NAME[state]}</Tag>,
  },
  {
    title: '发送时间',
    dataIndex: 'sent_at',
    width: 170,
    render: (at: string | null) => (at ? shanghaiSecond(at) : '—'),
  },
];

export default function NoticesPage() {
  const list = useListQuery<StaffNotice>(LIST);
  return <ListPage<StaffNotice> list={list} columns={columns} rowKey="id" scrollX={1000} />;
}
