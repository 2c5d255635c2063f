// /customer/list (我的客户): the member's customers in a server-paged, sorted table with the dashboard's filters, a
// name search and registration-date and capital ranges, all kept in the URL; a row opens its detail drawer; 导出
// downloads the filtered list as .xlsx.
import type { CustomerItem } from '@uc/shared';
import { Card, Empty, Table, type TableProps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadErrorResult } from '../../components/load-error-result';
import {
  FIRST_PAGE,
  UrlPagination,
  useKeepPageInRange,
  useUrlPagination,
} from '../../components/url-pagination';
import { useAuthStore } from '../../lib/session/auth-store';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { customersQueryOptions, useCustomers } from './api/get-customers';
import { customerColumns } from './components/customer-columns';
import { CustomerDrawer } from './components/customer-drawer';
import { CustomerFilterForm } from './components/customer-filter-form';
import { ExportButton } from './components/export-button';
import { type CustomerFilters, readFilters, toQuery, writeFilters } from './model/filters';
import { withSort } from './model/sort';
import './customers.css';
import type { FirstQueries } from '../../lib/routing/lazy-page';
import { numberText } from '../../lib/ui/number-text';

/** The first page of the list with no filter (the server answers it inside the page). */
export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(customersQueryOptions(userId, FIRST_PAGE)),
];

export function CustomerListPage({ title }: { title?: string }) {
  const userId = useAuthStore((s) => s.id);
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readFilters(search), [search]);
  const { page, size, setPage } = useUrlPagination();
  const params = useMemo(() => ({ ...toQuery(filters), page, size }), [filters, page, size]);
  const query = useCustomers(userId, params);
  useKeepPageInRange(page, size, query.isPlaceholderData ? undefined : query.data?.total);
  const [openId, setOpenId] = useState(0);
  const phone = useMediaQuery(PHONE_QUERY);

  const apply = (next: CustomerFilters) => setSearch((prev) => writeFilters(prev, next));

  const onTableChange: TableProps<CustomerItem>['onChange'] = (_p, _f, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    apply(withSort(filters, one?.columnKey, one?.order));
  };

  const total = query.data?.total;
  return (
    <Card
      title={title || '我的客户'}
      data-testid="customer-list-page"
      extra={<ExportButton filters={filters} disabled={total === 0} />}
    >
      <CustomerFilterForm filters={filters} onApply={apply} phone={phone} />
      {query.isError && !query.data ? (
        <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" data-testid="customer-total" style={{ marginBottom: 8 }}>
            {total === undefined ? '加载中…' : `共 ${numberText(total)} 家客户`}
          </Typography.Paragraph>
          <Table<CustomerItem>
            rowKey="id"
            columns={customerColumns(filters, (row) => setOpenId(row.id))}
            dataSource={query.data?.list ?? []}
            loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
            pagination={false}
            onChange={onTableChange}
            scroll={{ x: 1000 }}
            showSorterTooltip={false}
            locale={{ emptyText: <Empty description="暂无数据" style={{ padding: '32px 0' }} /> }}
          />
          <UrlPagination page={page} size={size} total={total ?? 0} onChange={setPage} simple={phone} />
        </>
      )}
      <CustomerDrawer userId={userId} id={openId} onClose={() => setOpenId(0)} />
    </Card>
  );
}
