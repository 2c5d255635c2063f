// 新建 and 编辑 of a news article (ActionModal, no reason: the audit row keeps before and after): title, source, the
// body as plain-text paragraphs (one a line) and the publish time (now or a later time = scheduled). A published
// article keeps its publish time (the server refuses a change, MSG.newsPublishedFixed).
import {
  CONTENT_TEXT_MAX,
  MSG,
  NEWS_CONTENT_MAX,
  NEWS_SOURCE_MAX,
  type NewsArticleBody,
  STAFF_NEWS_API,
  type StaffNewsArticle,
  staffIdPath,
} from '@uc/shared';
import { Alert, Form, Input } from 'antd';
import { ActionModal } from '../../components/action-modal';
import { api } from '../../lib/http';
import { PublishTimeField, type PublishTimeValues, publishAtOf, publishTimeOf } from './publication';

/** What a change of an article refetches: the news list. */
export const NEWS_KEYS = ['content-news'] as const;

interface FormValues extends PublishTimeValues {
  title?: string;
  source?: string;
  content?: string;
}

const initialOf = (item: StaffNewsArticle | null): Partial<FormValues> => ({
  title: item?.title,
  source: item?.source,
  content: item?.content,
  ...publishTimeOf(item),
});

const bodyOf = (v: FormValues): NewsArticleBody => ({
  title: v.title ?? '',
  source: v.source ?? '',
  content: v.content ?? '',
  publish_at: publishAtOf(v),
});

/** 新建 (item null) or 编辑 of one article. */
export function NewsFormModal({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: StaffNewsArticle | null;
  onClose: () => void;
}) {
  const fixed = item?.state === 'published';
  return (
    <ActionModal<FormValues>
      title={item ? `编辑新闻 #${item.id}` : '新建新闻'}
      open={open}
      onClose={onClose}
      reasonLabel={false}
      okText={item ? '保存' : '发布'}
      successText={item ? MSG.contentSaved : MSG.contentPublished}
      invalidate={NEWS_KEYS}
      initialValues={initialOf(item)}
      submit={(values) =>
        item
          ? api<StaffNewsArticle>(staffIdPath(STAFF_NEWS_API.item, item.id), {
              method: 'PUT',
              body: bodyOf(values),
            })
          : api<StaffNewsArticle>(STAFF_NEWS_API.list, { method: 'POST', body: bodyOf(values) })
      }
    >
      {fixed && <Alert type="info" showIcon title={MSG.newsPublishedFixed} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="title"
        label="标题"
        rules={[
          { required: true, whitespace: true, max: CONTENT_TEXT_MAX, message: MSG.contentTitleRequired },
        ]}
      >
        <Input maxLength={CONTENT_TEXT_MAX} showCount placeholder="新闻标题" />
      </Form.Item>
      <Form.Item
        name="source"
        label="来源"
        rules={[{ required: true, whitespace: true, max: NEWS_SOURCE_MAX, message: MSG.newsSourceRequired }]}
      >
        <Input maxLength={NEWS_SOURCE_MAX} placeholder="如 深圳市人民政府" />
      </Form.Item>
      <Form.Item
        name="content"
        label="正文"
        extra="纯文本，每行一段"
        rules={[
          { required: true, whitespace: true, max: NEWS_CONTENT_MAX, message: MSG.newsContentRequired },
        ]}
      >
        <Input.TextArea
          rows={10}
          maxLength={NEWS_CONTENT_MAX}
          showCount
          placeholder="每行一段，不支持格式和链接"
        />
      </Form.Item>
      <PublishTimeField fixed={fixed} />
    </ActionModal>
  );
}
