// /help/article?id= (帮助文章, open to visitors): the article's title, topic and date, its body (HTML the server
// sanitized), and 提交工单 about its topic when it did not help.
import { ArrowLeftOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import { HELP_TOPIC_NAME, type HelpArticle, shanghaiDate } from '@uc/shared';
import { Card, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { LoadErrorResult } from '../../components/load-error-result';
import { RichContent } from '../../components/rich-content';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { helpArticlePath, paths, ticketNewPath } from '../../paths';
import { useHelpArticle } from './api/get-help-article';
import './help.css';

function articleId(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function Article({ article }: { article: HelpArticle }) {
  useDocumentTitle(article.title);
  return (
    <article aria-label={article.title}>
      <Typography.Title level={3} className="uc-help-article-title">
        {article.title}
      </Typography.Title>
      <Flex gap={8} align="center" wrap className="uc-help-article-meta">
        <Tag color="blue">{HELP_TOPIC_NAME[article.topic]}</Tag>
        <Typography.Text type="secondary">更新于 {shanghaiDate(article.updated_at)}</Typography.Text>
      </Flex>
      <RichContent html={article.content} label="文章正文" />
      <Flex align="center" justify="space-between" gap={12} wrap className="uc-help-article-foot">
        <Typography.Text type="secondary">问题没有解决？</Typography.Text>
        <LinkButton
          type="primary"
          icon={<CustomerServiceOutlined />}
          to={ticketNewPath({ from: helpArticlePath(article.id), category: article.topic })}
        >
          提交工单
        </LinkButton>
      </Flex>
    </article>
  );
}

export function HelpArticlePage() {
  useDocumentTitle('帮助中心');
  const [search] = useSearchParams();
  const id = articleId(search.get('id'));
  const query = useHelpArticle(id);
  let body: React.ReactNode;
  if (id === null) body = <Result status="404" title="帮助文章不存在" />;
  else if (query.isError) body = <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else body = <Article article={query.data} />;
  return (
    <Card
      className="uc-help-article"
      title={
        <LinkButton type="link" icon={<ArrowLeftOutlined />} to={paths.help} style={{ paddingInline: 0 }}>
          帮助中心
        </LinkButton>
      }
    >
      {body}
    </Card>
  );
}
