// 内容: the policy items members are pushed (申报通知, 公示公告, 政策动态) — filtered by type, title, state and publish
// date; 新建 publishes now or at a later time, 编辑, 撤回 with a reason, 预览 as the member sees it. The changing
// actions show only to roles holding content.write (the server refuses the others too).
import {
  CONTENT_STATES,
  type ContentItem,
  type ContentState,
  MSG,
  POLICY_CATEGORIES,
  regionName,
  STAFF_CONTENT_API,
  shanghaiMinute,
  staffIdPath,
} from '@uc/shared';
import { Button, Form, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ActionModal } from '../../components/action-modal';
import { ListPage } from '../../components/list-page';
import type { SearchField } from '../../components/search-form';
import { useListQuery } from '../../components/use-list-query';
import { api } from '../../lib/http';
import { can, useSession } from '../../lib/session';
import { CONTENT_KEYS, ContentFormModal } from './content-form';
import { ContentPreview } from './content-preview';

const FIELDS: readonly SearchField[] = [
  {
    kind: 'select',
    name: 'type',
    label: '类型',
    options: POLICY_CATEGORIES.map((c) => ({ value: c.key, label: c.keyname })),
  },
  { kind: 'text', name: 'title', label: '标题', maxLength: 200 },
  {
    kind: 'select',
    name: 'state',
    label: '状态',
    options: CONTENT_STATES.map((s) => ({ value: s.key, label: s.name })),
  },
  { kind: 'dateRange', from: 'from', to: 'to', label: '发布日期' },
];
const FILTER_KEYS = ['type', 'title', 'state', 'from', 'to'] as const;

const STATE_COLOR: Record<ContentState, string> = {
  scheduled: 'gold',
  published: 'green',
  withdrawn: 'default',
};
const stateName = (key: ContentState) => CONTENT_STATES.find((s) => s.key === key)?.name ?? key;
const typeName = (key: string) => POLICY_CATEGORIES.find((c) => c.key === key)?.keyname ?? key;

type Open = { kind: 'form'; item: ContentItem | null } | { kind: 'withdraw' | 'preview'; item: ContentItem };

export default function ContentPage() {
  const list = useListQuery<ContentItem>({
    key: 'content',
    path: STAFF_CONTENT_API.list,
    filterKeys: FILTER_KEYS,
  });
  const writer = can(useSession().data, 'content.write');
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  const columns: TableColumnsType<ContentItem> = [
    { title: '编号', dataIndex: 'id', width: 72 },
    { title: '类型', dataIndex: 'type', width: 96, render: (type: string) => <Tag>{typeName(type)}</Tag> },
    { title: '标题', dataIndex: 'title', width: 300, ellipsis: { showTitle: true } },
    { title: '发布部门', dataIndex: 'dept', width: 170, ellipsis: true },
    { title: '地区', key: 'region', width: 90, render: (_, row) => regionName(row.city, row.area) },
    { title: '发布时间', dataIndex: 'publish_at', width: 140, render: (at: string) => shanghaiMinute(at) },
    {
      title: '截止时间',
      dataIndex: 'end_at',
      width: 140,
      render: (at: string | null) => (at ? shanghaiMinute(at) : '—'),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (state: ContentState) => <Tag color={STATE_COLOR[state]}>{stateName(state)}</Tag>,
    },
    {
      title: '推送人数',
      dataIndex: 'matched',
      width: 90,
      render: (n: number | null) =>
        n === null ? <Typography.Text type="secondary">未推送</Typography.Text> : n,
    },
    {
      title: '操作',
      key: 'actions',
      width: writer ? 170 : 80,
      fixed: 'right',
      render: (_, row) => (
        <>
          <Button type="link" size="small" onClick={() => setOpen({ kind: 'preview', item: row })}>
            预览
          </Button>
          {writer && row.state !== 'withdrawn' && (
            <>
              <Button type="link" size="small" onClick={() => setOpen({ kind: 'form', item: row })}>
                编辑
              </Button>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setOpen({ kind: 'withdraw', item: row })}
              >
                撤回
              </Button>
            </>
          )}
        </>
      ),
    },
  ];

  return (
    <>
      <ListPage<ContentItem>
        title="内容"
        fields={FIELDS}
        list={list}
        columns={columns}
        rowKey="id"
        scrollX={1420}
        exportTo={{ path: STAFF_CONTENT_API.export, fileName: '内容.xlsx' }}
        actions={
          writer && (
            <Button type="primary" onClick={() => setOpen({ kind: 'form', item: null })}>
              新建
            </Button>
          )
        }
      />
      <ContentFormModal
        key={open?.kind === 'form' ? (open.item?.id ?? 'new') : 'closed'}
        open={open?.kind === 'form'}
        item={open?.kind === 'form' ? open.item : null}
        onClose={close}
      />
      <ContentPreview item={open?.kind === 'preview' ? open.item : null} onClose={close} />
      {open?.kind === 'withdraw' && (
        <ActionModal<object>
          title={`撤回 #${open.item.id}`}
          open
          danger
          onClose={close}
          reasonLabel="撤回原因"
          okText="撤回"
          successText={MSG.contentWithdrawDone}
          invalidate={CONTENT_KEYS}
          submit={({ reason }) =>
            api<ContentItem>(staffIdPath(STAFF_CONTENT_API.withdraw, open.item.id), {
              method: 'POST',
              body: { reason },
            })
          }
        >
          <Form.Item label="标题">
            <Typography.Text>{open.item.title}</Typography.Text>
          </Form.Item>
          <Typography.Paragraph type="secondary">
            撤回后会员的列表、详情、收藏与申报日历中都不再显示；尚未推送的定时内容不再推送。
          </Typography.Paragraph>
        </ActionModal>
      )}
    </>
  );
}
