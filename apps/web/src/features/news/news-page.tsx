// /news (最新发布): the latest releases, paginated through the URL; each title opens its public page in a new tab.
import { type NewsItem, shanghaiDate } from '@uc/shared';
import { Card, Empty, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LoadErrorResult } from '../../components/load-error-result';
import { NewsLink } from '../../components/news-link';
import { UrlPagination, useKeepPageInRange, useUrlPagination } from '../../components/url-pagination';
import { useAuthStore } from '../../lib/session/auth-store';
import { useNewsListMore } from './api/get-news-list-more';
import './news.css';

function NewsRows({ items }: { items: readonly NewsItem[] }) {
  return (
    <ul className="uc-news-list" aria-label="最新发布列表">
      {items.map((item) => (
        <li key={item.id} className="uc-news-row">
          <span className="uc-news-dot" aria-hidden="true" />
          <NewsLink item={item} className="uc-news-title" />
          <Typography.Text type="secondary" className="uc-news-time">
            {shanghaiDate(item.publish_time)}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

export function NewsPage({ title }: { title?: string }) {
  const userId = useAuthStore((s) => s.id);
  const { page, size, setPage } = useUrlPagination();
  const query = useNewsListMore(userId, { page, size });
  useKeepPageInRange(page, size, query.isPlaceholderData ? undefined : query.data?.total);

  let body: ReactNode;
  if (query.isPending) body = <Skeleton active title={false} paragraph={{ rows: 10 }} />;
  else if (query.isError) body = <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />;
  else
    body = (
      <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
        {query.data.list.length === 0 ? (
          <Empty description="暂无数据" style={{ padding: '48px 0' }} />
        ) : (
          <NewsRows items={query.data.list} />
        )}
        <UrlPagination page={page} size={size} total={query.data.total} onChange={setPage} />
      </div>
    );

  return (
    <Card title={title || '最新发布'} className="uc-news-card" data-testid="news-page">
      {body}
    </Card>
  );
}
