// 帮助文章: the help centre's articles by topic and order (filters topic, title, published), 新建 and 编辑 in the rich
// text editor, 发布 / 下线 in one click, 删除 with the reason the audit log keeps.
import { useQueryClient } from '@tanstack/react-query';
import {
  HELP_TOPIC_NAME,
  HELP_TOPICS,
  STAFF_CALLS,
  STAFF_HELP_API,
  type StaffHelpArticleItem,
  shanghaiSecond,
} from '@uc/shared';
import { App, Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { ActionModal } from '../../components/action-modal';
import { ListPage, operationsColumn } from '../../components/list-page';
import { type ListSpec, useListQuery } from '../../components/use-list-query';
import { call } from '../../lib/http';
import { type EditorTarget, HelpArticleEditor, helpArticleKey } from './help-article-editor';

const LIST: ListSpec = {
  fields: [
    {
      kind: 'select',
      name: 'topic',
      label: '主题',
      options: HELP_TOPICS.map((t) => ({ value: t.key, label: t.name })),
    },
    { kind: 'text', name: 'title', label: '标题', maxLength: 100 },
    {
      kind: 'select',
      name: 'published',
      label: '状态',
      options: [
        { value: 'true', label: '已发布' },
        { value: 'false', label: '未发布' },
      ],
    },
  ],
  title: '帮助文章',
  key: 'help-articles',
  path: STAFF_HELP_API.list,
};

export default function HelpArticlesPage() {
  const list = useListQuery<StaffHelpArticleItem>(LIST);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<EditorTarget>(null);
  const [removing, setRemoving] = useState<StaffHelpArticleItem | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  /** 发布 / 下线: the article as stored, its published flag flipped. */
  const toggle = async (item: StaffHelpArticleItem) => {
    setToggling(item.id);
    try {
      const article = await call(STAFF_CALLS.help.detail, { id: item.id });
      const saved = await call(STAFF_CALLS.help.update, {
        id: item.id,
        input: {
          topic: article.topic,
          title: article.title,
          content: article.content,
          sort: article.sort,
          published: !article.published,
        },
      });
      client.setQueryData(helpArticleKey(saved.id), saved);
      void message.success(saved.published ? '已发布' : '已下线');
      await client.invalidateQueries({ queryKey: ['help-articles'] });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '操作失败');
    } finally {
      setToggling(null);
    }
  };

  const columns: TableColumnsType<StaffHelpArticleItem> = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    {
      title: '主题',
      dataIndex: 'topic',
      width: 120,
      render: (t: StaffHelpArticleItem['topic']) => HELP_TOPIC_NAME[t],
    },
    {
      title: '状态',
      dataIndex: 'published',
      width: 90,
      render: (p: boolean) => (p ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (at: string) => shanghaiSecond(at) },
    operationsColumn<StaffHelpArticleItem>(180, (a) => (
      <Space size={0}>
        <Button size="small" type="link" onClick={() => setEditing(a.id)} aria-label={`编辑 ${a.title}`}>
          编辑
        </Button>
        <Button
          size="small"
          type="link"
          loading={toggling === a.id}
          onClick={() => void toggle(a)}
          aria-label={`${a.published ? '下线' : '发布'} ${a.title}`}
        >
          {a.published ? '下线' : '发布'}
        </Button>
        <Button size="small" type="link" danger onClick={() => setRemoving(a)} aria-label={`删除 ${a.title}`}>
          删除
        </Button>
      </Space>
    )),
  ];

  return (
    <>
      <ListPage<StaffHelpArticleItem>
        list={list}
        columns={columns}
        rowKey="id"
        scrollX={900}
        actions={
          <Button type="primary" onClick={() => setEditing('new')}>
            新建
          </Button>
        }
      />
      <HelpArticleEditor target={editing} onClose={() => setEditing(null)} />
      <ActionModal<object>
        title={`删除帮助文章${removing ? `「${removing.title}」` : ''}`}
        open={removing !== null}
        onClose={() => setRemoving(null)}
        submit={({ reason }) => call(STAFF_CALLS.help.remove, { id: removing?.id ?? 0, input: { reason } })}
        invalidate={['help-articles']}
        successText="已删除"
        reasonLabel="删除原因"
        okText="删除"
        danger
      />
    </>
  );
}
