// A short list read whole (卡券, 密钥, 商品): a skeleton while it loads, a retry when it failed, the list's own empty
// state, else its rows.
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadErrorResult } from './load-error-result';

export function QueryRows<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** What a list without rows shows. */
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError) return <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return empty;
  return children(query.data);
}
