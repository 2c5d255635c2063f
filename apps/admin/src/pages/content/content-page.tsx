// 内容: two tabs, 政策 and 新闻 (news-list.tsx). 政策: the policy items members are pushed (申报通知, 公示公告,
// 政策动态) — filtered by type, title, state and publish date; 新建 publishes now or at a later time, 编辑, 撤回 with a
// reason, 预览 as the member sees it. The changing actions show only to roles holding content.write (the server
// refuses the others too).
import {
  type ContentItem,
  type ContentState,
  POLICY_CATEGORIES,
  regionName,
  STAFF_CONTENT_API,
  shanghaiMinute,
  staffIdPath,
} from '@uc/shared';
import { Button, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage } from '../../components/list-page';
import type { SearchField } from '../../components/search-form';
import { useListQuery } from '../../components/use-list-query';
import { can, useSession } from '../../lib/session';
import { CONTENT_KEYS, ContentFormModal } from './content-form';
import { ContentPreview } from './content-preview';
import { NewsList } from './news-list';
import {
  actionsColumn,
  PUBLICATION_FIELDS,
  PUBLICATION_FILTER_KEYS,
  StateTag,
  WithdrawModal,
} from './publication';

const FIELDS: readonly SearchField[] = [
  {
    kind: 'select',
    name: 'type',
    label: '类型',
    options: POLICY_CATEGORIES.map((c) => ({ value: c.key, label: c.keyname })),
  },
  ...PUBLICATION_FIELDS,
];
const FILTER_KEYS = ['type', ...PUBLICATION_FILTER_KEYS] as const;

const typeName = (key: string) => POLICY_CATEGORIES.find((c) => c.key === key)?.keyname ?? key;

type Open = { kind: 'form'; item: ContentItem | null } | { kind: 'withdraw' | 'preview'; item: ContentItem };

/** 政策: the policy items. */
function PolicyList() {
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
      render: (state: ContentState) => <StateTag state={state} />,
    },
    {
      title: '推送人数',
      dataIndex: 'matched',
      width: 90,
      render: (n: number | null) =>
        n === null ? <Typography.Text type="secondary">未推送</Typography.Text> : n,
    },
    actionsColumn<ContentItem>(writer, (kind, item) =>
      setOpen(kind === 'form' ? { kind, item } : { kind, item }),
    ),
  ];

  return (
    <>
      <ListPage<ContentItem>
        title="政策"
        fields={FIELDS}
        list={list}
        columns={columns}
        rowKey="id"
        scrollX={1420}
        exportTo={{ path: STAFF_CONTENT_API.export, fileName: '内容.xlsx', permission: 'content.export' }}
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
        <WithdrawModal
          id={open.item.id}
          title={open.item.title}
          path={staffIdPath(STAFF_CONTENT_API.withdraw, open.item.id)}
          invalidate={CONTENT_KEYS}
          note="撤回后会员的列表、详情、收藏与申报日历中都不再显示；尚未推送的定时内容不再推送。"
          onClose={close}
        />
      )}
    </>
  );
}

/** 内容: 政策 and 新闻 in tabs. The tab is page state: each list keeps its filter in the URL, cleared on switching. */
export default function ContentPage() {
  const [tab, setTab] = useState('policy');
  const [, setParams] = useSearchParams();
  return (
    <Tabs
      activeKey={tab}
      onChange={(next) => {
        setParams(new URLSearchParams());
        setTab(next);
      }}
      destroyOnHidden
      items={[
        { key: 'policy', label: '政策', children: <PolicyList /> },
        { key: 'news', label: '新闻', children: <NewsList /> },
      ]}
    />
  );
}
