// 新建 / 编辑 a help article: its topic, title, order within the topic, whether members see it, and its body in the
// console's rich text editor. The server sanitizes the HTML on save and answers what it removed, which is shown.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HELP_SORT_MAX,
  HELP_TITLE_MAX,
  HELP_TOPICS,
  type HelpArticleBody,
  MSG,
  STAFF_CALLS,
  type StaffHelpArticle,
} from '@uc/shared';
import {
  Alert,
  App,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Spin,
  Switch,
} from 'antd';
import { RichTextField } from '../../components/rich-text-field';
import { call } from '../../lib/http';

/** The body's editor: the Form.Item hands it value and onChange. */
function BodyEditor(props: { value?: string; onChange?: (html: string) => void }) {
  return <RichTextField {...props} aria-label="正文" />;
}

/** null: closed; 'new': a new article; a number: that article. */
export type EditorTarget = null | 'new' | number;

export const helpArticleKey = (id: number) => ['help-article', id] as const;

function showRemoved(article: StaffHelpArticle) {
  if (article.removed.length === 0) return;
  Modal.warning({
    title: '已保存，正文中以下内容不安全，已被移除',
    content: (
      <ul style={{ paddingLeft: 18, margin: 0 }}>
        {article.removed.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    ),
    okText: '知道了',
  });
}

function ArticleForm({ article, onDone }: { article: StaffHelpArticle | null; onDone: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<HelpArticleBody>();
  const save = useMutation({
    mutationFn: (body: HelpArticleBody) =>
      article
        ? call(STAFF_CALLS.help.update, { id: article.id, input: body })
        : call(STAFF_CALLS.help.create, { input: body }),
    onSuccess: async (saved) => {
      void message.success('已保存');
      showRemoved(saved);
      client.setQueryData(helpArticleKey(saved.id), saved);
      await client.invalidateQueries({ queryKey: ['help-articles'] });
      onDone();
    },
    onError: (error) => void message.error(error.message),
  });
  return (
    <Form<HelpArticleBody>
      form={form}
      layout="vertical"
      initialValues={
        article
          ? {
              topic: article.topic,
              title: article.title,
              content: article.content,
              published: article.published,
              sort: article.sort,
            }
          : { content: '', published: true, sort: 0 }
      }
      onFinish={(values) => save.mutate(values)}
    >
      <Space wrap size={16}>
        <Form.Item name="topic" label="主题" rules={[{ required: true, message: MSG.helpTopicInvalid }]}>
          <Select
            style={{ width: 180 }}
            placeholder="请选择主题"
            options={HELP_TOPICS.map((t) => ({ value: t.key, label: t.name }))}
          />
        </Form.Item>
        <Form.Item name="sort" label="排序（小的在前）">
          <InputNumber min={0} max={HELP_SORT_MAX} precision={0} />
        </Form.Item>
        <Form.Item name="published" label="发布" valuePropName="checked">
          <Switch checkedChildren="已发布" unCheckedChildren="未发布" />
        </Form.Item>
      </Space>
      <Form.Item
        name="title"
        label="标题"
        rules={[{ required: true, whitespace: true, message: MSG.helpTitleRequired }]}
      >
        <Input maxLength={HELP_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="content"
        label="正文"
        rules={[{ required: true, whitespace: true, message: MSG.helpContentRequired }]}
      >
        <BodyEditor />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}

export function HelpArticleEditor({ target, onClose }: { target: EditorTarget; onClose: () => void }) {
  const id = typeof target === 'number' ? target : null;
  const query = useQuery({
    queryKey: helpArticleKey(id ?? 0),
    queryFn: () => call(STAFF_CALLS.help.detail, { id: id ?? 0 }),
    enabled: id !== null,
  });
  return (
    <Drawer
      open={target !== null}
      title={target === 'new' ? '新建帮助文章' : '编辑帮助文章'}
      size={960}
      onClose={onClose}
      destroyOnHidden
    >
      {target === 'new' && <ArticleForm article={null} onDone={onClose} />}
      {id !== null && query.isLoading && <Spin />}
      {id !== null && query.error && <Alert type="error" title={query.error.message} />}
      {id !== null && query.data && <ArticleForm article={query.data} onDone={onClose} />}
    </Drawer>
  );
}
