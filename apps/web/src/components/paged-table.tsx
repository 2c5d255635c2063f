// A small antd table paged by the server, with its pager under it: the drawers and modals that page a list inside
// them (a project's customers, the publicity search) show their rows the same way, with 暂无数据 when empty and a
// retry when the load failed.

import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@uc/shared';
import { Empty, Pagination, Table, type TableColumnsType } from 'antd';
import type { Key } from 'react';
import { LoadErrorResult } from './load-error-result';

export function PagedTable<T extends object>({
  query,
  columns,
  rowKey,
  page,
  size,
  onPage,
  unit = '条',
  scrollX,
}: {
  /** The page's query (kept previous data while the next page loads). */
  query: UseQueryResult<Page<T>>;
  columns: TableColumnsType<T>;
  rowKey: keyof T | ((row: T) => Key);
  page: number;
  size: number;
  onPage: (page: number) => void;
  /** The counting word of the total: 共 N 条 / 共 N 家. */
  unit?: string;
  /** The table's scroll width, so a phone scrolls the table sideways instead of squeezing it. */
  scrollX: number;
}) {
  if (query.isError && !query.data)
    return <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />;
  const total = query.data?.total ?? 0;
  return (
    <>
      <Table<T>
        rowKey={rowKey as string | ((row: T) => Key)}
        size="small"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
        pagination={false}
        scroll={{ x: scrollX }}
        locale={{ emptyText: <Empty description="暂无数据" /> }}
      />
      {total > 0 && (
        <Pagination
          align="end"
          size="small"
          current={page}
          pageSize={size}
          total={total}
          showTotal={(count) => `共 ${count} ${unit}`}
          onChange={onPage}
          style={{ marginTop: 12 }}
        />
      )}
    </>
  );
}
