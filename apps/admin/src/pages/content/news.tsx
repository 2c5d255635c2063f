// 内容 › 新闻: the articles of the members' 最新发布, filtered by title, state and publish date. No push: members read
// news in their lists. The form: title, source, the body in the rich text editor (sanitized by the server on save,
// what it would remove shown before) and the publish time (now or a later time = scheduled); a published article
// keeps its publish time (the server refuses a change, MSG.newsPublishedFixed). 预览: the 最新发布 row (title, date)
// and the /news/detail page (title, 来源 and 发布时间, the body: HTML the server sanitized, shown as it is).
import {
  MSG,
  NEWS_SOURCE_MAX,
  type NewsArticleBody,
  STAFF_CALLS,
  STAFF_NEWS_API,
  type StaffNewsArticle,
  shanghaiDate,
  shanghaiMinute,
} from '@uc/shared';
import { Card, Form, Input, Space, Typography } from 'antd';
import { BodyField, confirmSanitized, NoticeBody } from './notice-fields';
import { PublishTimeField, publicationColumns, TitleField } from './publication';
import type { PublicationKind } from './publication-list';

interface FormValues {
  title?: string;
  source?: string;
  content?: string;
}

const COMMON = publicationColumns<StaffNewsArticle>();

const initialOf = (item: StaffNewsArticle | null): Partial<FormValues> => ({
  title: item?.title,
  source: item?.source,
  content: item?.content,
});

const bodyOf = (v: FormValues, publishAt: string | null): NewsArticleBody => ({
  title: v.title ?? '',
  source: v.source ?? '',
  content: v.content ?? '',
  publish_at: publishAt,
});

function NewsFields({ fixed }: { fixed: boolean }) {
  return (
    <>
      <TitleField placeholder="新闻标题" />
      <Form.Item
        name="source"
        label="来源"
        rules={[{ required: true, whitespace: true, max: NEWS_SOURCE_MAX, message: MSG.newsSourceRequired }]}
      >
        <Input maxLength={NEWS_SOURCE_MAX} placeholder="如 深圳市人民政府" />
      </Form.Item>
      <BodyField required />
      <PublishTimeField fixed={fixed} />
    </>
  );
}

function NewsPreview({ item }: { item: StaffNewsArticle }) {
  return (
    <>
      <Card size="small" title="最新发布列表">
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Link>{item.title}</Typography.Link>
          <Typography.Text type="secondary">{shanghaiDate(item.publish_at)}</Typography.Text>
        </Space>
      </Card>
      <Card size="small" title="新闻详情">
        <Typography.Title level={4}>{item.title}</Typography.Title>
        <Typography.Paragraph type="secondary">
          来源：{item.source}　发布时间：{shanghaiMinute(item.publish_at)}
        </Typography.Paragraph>
        <NoticeBody html={item.content} />
      </Card>
    </>
  );
}

export const NEWS: PublicationKind<StaffNewsArticle, FormValues, NewsArticleBody> = {
  title: '新闻',
  queryKey: 'content-news',
  api: STAFF_NEWS_API,
  calls: STAFF_CALLS.news,
  fields: [],
  columns: [
    COMMON.id,
    { title: '标题', dataIndex: 'title', width: 360, ellipsis: { showTitle: true } },
    { title: '来源', dataIndex: 'source', width: 180, ellipsis: true },
    COMMON.publishAt,
    COMMON.state,
    {
      title: '撤回原因',
      dataIndex: 'withdraw_reason',
      width: 160,
      ellipsis: true,
      render: (reason: string | null) => reason ?? '—',
    },
  ],
  scrollX: 1100,
  exportName: '新闻.xlsx',
  form: {
    newTitle: '新建新闻',
    editTitle: '编辑新闻',
    publishedFixed: MSG.newsPublishedFixed,
    initialOf,
    bodyOf,
    Fields: NewsFields,
    confirm: (body) => confirmSanitized(body.content),
  },
  preview: { size: 640, Body: NewsPreview },
  withdrawNote: '撤回后会员的最新发布列表与新闻详情都不再显示；定时的不再发布。',
};
