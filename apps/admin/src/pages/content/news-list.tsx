// 内容 › 新闻: the articles of the members' 最新发布 — filtered by title, state and publish date; 新建 publishes now
// or at a later time, 编辑, 撤回 with a reason, 预览 as the member's news page shows it. No push: members read news in
// their lists. The changing actions show only to roles holding content.write (the server refuses the others too).
import {
  type ContentState,
  STAFF_NEWS_API,
  type StaffNewsArticle,
  shanghaiMinute,
  staffIdPath,
} from '@uc/shared';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ListPage } from '../../components/list-page';
import { useListQuery } from '../../components/use-list-query';
import { can, useSession } from '../../lib/session';
import { NEWS_KEYS, NewsFormModal } from './news-form';
import { NewsPreview } from './news-preview';
import {
  actionsColumn,
  PUBLICATION_FIELDS,
  PUBLICATION_FILTER_KEYS,
  StateTag,
  WithdrawModal,
} from './publication';

type Open =
  | { kind: 'form'; item: StaffNewsArticle | null }
  | { kind: 'withdraw' | 'preview'; item: StaffNewsArticle };

export function NewsList() {
  const list = useListQuery<StaffNewsArticle>({
    key: NEWS_KEYS[0],
    path: STAFF_NEWS_API.list,
    filterKeys: PUBLICATION_FILTER_KEYS,
  });
  const writer = can(useSession().data, 'content.write');
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  const columns: TableColumnsType<StaffNewsArticle> = [
    { title: '编号', dataIndex: 'id', width: 72 },
    { title: '标题', dataIndex: 'title', width: 360, ellipsis: { showTitle: true } },
    { title: '来源', dataIndex: 'source', width: 180, ellipsis: true },
    { title: '发布时间', dataIndex: 'publish_at', width: 140, render: (at: string) => shanghaiMinute(at) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (state: ContentState) => <StateTag state={state} />,
    },
    {
      title: '撤回原因',
      dataIndex: 'withdraw_reason',
      width: 160,
      ellipsis: true,
      render: (reason: string | null) => reason ?? '—',
    },
    actionsColumn<StaffNewsArticle>(writer, (kind, item) =>
      setOpen(kind === 'form' ? { kind, item } : { kind, item }),
    ),
  ];

  return (
    <>
      <ListPage<StaffNewsArticle>
        title="新闻"
        fields={PUBLICATION_FIELDS}
        list={list}
        columns={columns}
        rowKey="id"
        scrollX={1100}
        exportTo={{ path: STAFF_NEWS_API.export, fileName: '新闻.xlsx', permission: 'content.export' }}
        actions={
          writer && (
            <Button type="primary" onClick={() => setOpen({ kind: 'form', item: null })}>
              新建
            </Button>
          )
        }
      />
      <NewsFormModal
        key={open?.kind === 'form' ? (open.item?.id ?? 'new') : 'closed'}
        open={open?.kind === 'form'}
        item={open?.kind === 'form' ? open.item : null}
        onClose={close}
      />
      <NewsPreview item={open?.kind === 'preview' ? open.item : null} onClose={close} />
      {open?.kind === 'withdraw' && (
        <WithdrawModal
          id={open.item.id}
          title={open.item.title}
          path={staffIdPath(STAFF_NEWS_API.withdraw, open.item.id)}
          invalidate={NEWS_KEYS}
          note="撤回后会员的最新发布列表与新闻详情都不再显示；定时的不再发布。"
          onClose={close}
        />
      )}
    </>
  );
}
