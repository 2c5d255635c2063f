// /help (帮助中心, open to visitors): a search box over the articles' titles and text (the URL's `q`, 2+ characters),
// the articles grouped by topic (账号与登录, 会员与支付, 发票, API, 客户管理; the URL's `topic` shows one), each opening
// its page; and 提交工单 for a question the articles do not answer.
import { CustomerServiceOutlined, QuestionCircleOutlined, ReadOutlined } from '@ant-design/icons';
import {
  HELP_QUERY_MAX,
  HELP_QUERY_MIN,
  HELP_TOPIC_KEYS,
  HELP_TOPIC_NAME,
  HELP_TOPICS,
  type HelpArticleItem,
  type HelpTopic,
} from '@uc/shared';
import { Card, Col, Empty, Flex, Input, Row, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IconTitle } from '../../components/icon-title';
import { LinkButton } from '../../components/link-button';
import { LoadErrorResult } from '../../components/load-error-result';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { helpArticlePath, paths, ticketNewPath } from '../../paths';
import { useHelpArticles } from './api/get-help-articles';
import './help.css';

const ALL = 'all';

function ArticleLink({ article, withTopic }: { article: HelpArticleItem; withTopic: boolean }) {
  return (
    <li className="uc-help-item">
      <Link to={helpArticlePath(article.id)} className="uc-help-item-title">
        {article.title}
      </Link>
      <Typography.Paragraph type="secondary" className="uc-help-item-excerpt" ellipsis={{ rows: 2 }}>
        {withTopic && <Tag>{HELP_TOPIC_NAME[article.topic]}</Tag>}
        {article.excerpt}
      </Typography.Paragraph>
    </li>
  );
}

function TopicCards({ articles }: { articles: readonly HelpArticleItem[] }) {
  const topics = HELP_TOPICS.map((t) => ({
    ...t,
    articles: articles.filter((a) => a.topic === t.key),
  })).filter((t) => t.articles.length > 0);
  return (
    <Row gutter={[16, 16]}>
      {topics.map((topic) => (
        <Col key={topic.key} xs={24} lg={12}>
          <Card
            size="small"
            title={<IconTitle icon={<ReadOutlined />}>{topic.name}</IconTitle>}
            className="uc-help-topic"
          >
            <ul className="uc-help-list" aria-label={topic.name}>
              {topic.articles.map((a) => (
                <ArticleLink key={a.id} article={a} withTopic={false} />
              ))}
            </ul>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export function HelpPage() {
  useDocumentTitle('帮助中心');
  const [search, setSearch] = useSearchParams();
  const q = (search.get('q') ?? '').trim().slice(0, HELP_QUERY_MAX);
  const rawTopic = search.get('topic') ?? '';
  const topic = (HELP_TOPIC_KEYS as readonly string[]).includes(rawTopic)
    ? (rawTopic as HelpTopic)
    : undefined;
  const [text, setText] = useState(q);
  const [tooShort, setTooShort] = useState(false);
  const searching = [...q].length >= HELP_QUERY_MIN;
  const query = useHelpArticles({ ...(searching ? { q } : {}), ...(topic ? { topic } : {}) });

  const set = (name: 'q' | 'topic', value: string | undefined) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const submit = (value: string) => {
    const v = value.trim();
    if (v && [...v].length < HELP_QUERY_MIN) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    set('q', v || undefined);
  };

  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (query.isError) body = <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <Empty
        description={searching ? `没有找到与“${q}”相关的文章` : '暂无数据'}
        style={{ padding: '40px 0' }}
      />
    );
  else if (searching)
    body = (
      <Card size="small" title={`找到 ${query.data.length} 篇相关文章`}>
        <ul className="uc-help-list" aria-label="搜索结果">
          {query.data.map((a) => (
            <ArticleLink key={a.id} article={a} withTopic />
          ))}
        </ul>
      </Card>
    );
  else body = <TopicCards articles={query.data} />;

  return (
    <Flex vertical gap={16} className="uc-help">
      <Card className="uc-help-hero">
        <Typography.Title level={3} className="uc-help-hero-title">
          <QuestionCircleOutlined /> 帮助中心
        </Typography.Title>
        <Input.Search
          size="large"
          allowClear
          enterButton="搜索"
          placeholder="输入问题关键词，如：发票、子账号、API密钥"
          aria-label="搜索帮助文章"
          maxLength={HELP_QUERY_MAX}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!e.target.value) submit('');
          }}
          onSearch={submit}
          status={tooShort ? 'error' : undefined}
        />
        {tooShort && (
          <Typography.Text type="danger" role="alert">
            请输入至少{HELP_QUERY_MIN}个字
          </Typography.Text>
        )}
        <Segmented
          className="uc-help-topics"
          value={topic ?? ALL}
          onChange={(value) => set('topic', value === ALL ? undefined : String(value))}
          options={[
            { value: ALL, label: '全部' },
            ...HELP_TOPICS.map((t) => ({ value: t.key, label: t.name })),
          ]}
        />
      </Card>
      {body}
      <Card size="small">
        <Flex align="center" justify="space-between" gap={12} wrap>
          <Typography.Text>没有找到答案？提交工单，客服会尽快回复您。</Typography.Text>
          <Flex gap={8}>
            <LinkButton to={paths.ticketList}>我的工单</LinkButton>
            <LinkButton
              type="primary"
              icon={<CustomerServiceOutlined />}
              to={ticketNewPath({ from: paths.help })}
            >
              提交工单
            </LinkButton>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
