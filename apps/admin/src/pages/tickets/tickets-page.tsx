// 工单: the members' tickets, oldest waiting first (filters status, category, member and a number or words of the
// title), each opened in its drawer (the conversation, the history, the answer for a role with tickets.write).
import { TicketStatusTag } from '@uc/client';
import {
  STAFF_TICKETS_API,
  type StaffTicketItem,
  shanghaiSecond,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_NAME,
  TICKET_STATUSES,
  type TicketStatus,
} from '@uc/shared';
import { Button, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { ListPage, operationsColumn } from '../../components/list-page';
import { type ListSpec, useListQuery } from '../../components/use-list-query';
import { can, useSession } from '../../lib/session';
import { TicketDetailDrawer } from './ticket-detail-drawer';

const LIST: ListSpec = {
  fields: [
    {
      kind: 'select',
      name: 'status',
      label: '状态',
      options: TICKET_STATUSES.map((s) => ({ value: s.key, label: s.name })),
    },
    {
      kind: 'select',
      name: 'category',
      label: '分类',
      options: TICKET_CATEGORIES.map((c) => ({ value: c.key, label: c.name })),
    },
    { kind: 'text', name: 'member', label: '会员', placeholder: '用户名或ID', maxLength: 32 },
    { kind: 'text', name: 'q', label: '关键词', placeholder: '工单编号或标题', maxLength: 60 },
  ],
  title: '工单',
  key: 'tickets',
  path: STAFF_TICKETS_API.list,
};

export default function TicketsPage() {
  const list = useListQuery<StaffTicketItem>(LIST);
  const { data: session } = useSession();
  const mayReply = can(session, 'tickets.write');
  const [open, setOpen] = useState<number | null>(null);

  const columns: TableColumnsType<StaffTicketItem> = [
    { title: '工单编号', dataIndex: 'no', width: 160 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: TicketStatus) => <TicketStatusTag status={s} />,
    },
    {
      title: '分类',
      dataIndex: 'category',
      width: 100,
      render: (c: StaffTicketItem['category']) => TICKET_CATEGORY_NAME[c],
    },
    { title: '标题', dataIndex: 'title', ellipsis: true },
    {
      title: '会员',
      dataIndex: 'username',
      width: 170,
      render: (_: string, t) => (
        <>
          {t.username}
          {t.owner_id !== t.user_id && (
            <Typography.Text type="secondary"> （{t.owner_username}）</Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '等待回复自',
      dataIndex: 'waiting_since',
      width: 170,
      render: (at: string | null) => (at ? shanghaiSecond(at) : '—'),
    },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (at: string) => shanghaiSecond(at) },
    { title: '评价', dataIndex: 'rating', width: 70, render: (r: number | null) => (r ? `${r}星` : '—') },
    operationsColumn<StaffTicketItem>(90, (t) => (
      <Button size="small" type="link" onClick={() => setOpen(t.id)} aria-label={`处理工单 ${t.no}`}>
        {mayReply && t.status !== 'closed' ? '处理' : '查看'}
      </Button>
    )),
  ];

  return (
    <>
      <ListPage<StaffTicketItem> list={list} columns={columns} rowKey="id" scrollX={1200} />
      <TicketDetailDrawer id={open} onClose={() => setOpen(null)} mayReply={mayReply} />
    </>
  );
}
