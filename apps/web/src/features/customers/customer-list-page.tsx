// /customer/list (我的客户): the member's customers in a server-paged, sorted table with the dashboard's filters, a
// name search, a tag and registration-date and capital ranges, all kept in the URL; a row opens its detail drawer;
// 导出 downloads the filtered list as .xlsx. The toolbar adds customers from the company registry (添加客户) or a
// file (批量导入), ?add=1 and ?import=1 open those dialogs (the dashboard's first step links there); selected rows
// or one row are removed after a confirmation.
import type { CustomerItem } from '@uc/shared';
import { Card, Empty, Table, type TableProps, Typography } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadErrorResult } from '../../components/load-error-result';
import {
  FIRST_PAGE,
  UrlPagination,
  useKeepPageInRange,
  useUrlPagination,
} from '../../components/url-pagination';
import { reportFailure } from '../../lib/http/report-failure';
import { useAuthStore } from '../../lib/session/auth-store';
import { confirmDialog, toastSuccess } from '../../lib/ui/feedback';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { customersQueryOptions, useCustomers } from './api/get-customers';
import { quotaQueryOptions, useQuota } from './api/get-quota';
import { tagsQueryOptions, useTags } from './api/get-tags';
import { useRemoveCustomers } from './api/remove-customers';
import { AddCustomersDialog } from './components/add-customers-dialog';
import { customerColumns } from './components/customer-columns';
import { CustomerDrawer } from './components/customer-drawer';
import { CustomerFilterForm } from './components/customer-filter-form';
import { CustomerToolbar } from './components/customer-toolbar';
import { ImportCustomersDialog } from './components/import-customers-dialog';
import { type CustomerFilters, readFilters, toQuery, writeFilters } from './model/filters';
import { withSort } from './model/sort';
import './customers.css';
import type { FirstQueries } from '../../lib/routing/lazy-page';
import { numberText } from '../../lib/ui/number-text';

/** The first page of the list with no filter, the quota and the tags (the server answers them inside the page). */
export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(customersQueryOptions(userId, FIRST_PAGE)),
  client.prefetchQuery(quotaQueryOptions(userId)),
  client.prefetchQuery(tagsQueryOptions(userId)),
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
  const quota = useQuota(userId);
  const tags = useTags(userId);
  const remove = useRemoveCustomers(userId);
  const [selected, setSelected] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);

  // ?add=1 and ?import=1 (the dashboard's first step) open their dialog once, ?open=<id> (a customer named on a
  // notice) its detail, after the first render (the server draws the page without them), and leave the URL.
  useEffect(() => {
    const wanted = search.get('add') === '1' ? 'add' : search.get('import') === '1' ? 'import' : null;
    const open = /^\d{1,10}$/.test(search.get('open') ?? '') ? Number(search.get('open')) : 0;
    if (!wanted && !open) return;
    if (wanted) setDialog(wanted);
    if (open) setOpenId(open);
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('add');
        next.delete('import');
        next.delete('open');
        return next;
      },
      { replace: true },
    );
  }, [search, setSearch]);

  const apply = (next: CustomerFilters) => setSearch((prev) => writeFilters(prev, next));

  const removeIds = (ids: number[]) =>
    remove.mutateAsync(ids).then(
      ({ removed }) => {
        toastSuccess(`已移除${removed}个客户`);
        setSelected((keys) => keys.filter((k) => !ids.includes(Number(k))));
      },
      (error: unknown) => reportFailure(error, '移除失败，请稍后重试'),
    );

  const onRemoveSelected = () =>
    void confirmDialog({
      title: `移除选中的 ${selected.length} 个客户？`,
      content: '移除后，这些客户的标签和跟进记录将一并删除，且不可恢复。',
      okText: '移除',
      type: 'warning',
      onOk: () => removeIds(selected.map(Number)),
    });

  const onTableChange: TableProps<CustomerItem>['onChange'] = (_p, _f, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    apply(withSort(filters, one?.columnKey, one?.order));
  };

  const total = query.data?.total;
  return (
    <Card title={title || '我的客户'} data-testid="customer-list-page">
      <CustomerFilterForm filters={filters} onApply={apply} phone={phone} tags={tags.data} />
      <CustomerToolbar
        filters={filters}
        quota={quota.data}
        total={total}
        selected={selected.length}
        removing={remove.isPending}
        onAdd={() => setDialog('add')}
        onImport={() => setDialog('import')}
        onRemoveSelected={onRemoveSelected}
      />
      {query.isError && !query.data ? (
        <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" data-testid="customer-total" style={{ marginBottom: 8 }}>
            {total === undefined ? '加载中…' : `共 ${numberText(total)} 家客户`}
          </Typography.Paragraph>
          <Table<CustomerItem>
            rowKey="id"
            columns={customerColumns(filters, {
              open: (row) => setOpenId(row.id),
              remove: (row) => removeIds([row.id]),
            })}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: setSelected,
              getCheckboxProps: (row) => ({ 'aria-label': `选择 ${row.cus_name}` }),
            }}
            dataSource={query.data?.list ?? []}
            loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
            pagination={false}
            onChange={onTableChange}
            scroll={{ x: 1300 }}
            showSorterTooltip={false}
            locale={{ emptyText: <Empty description="暂无数据" style={{ padding: '32px 0' }} /> }}
          />
          <UrlPagination page={page} size={size} total={total ?? 0} onChange={setPage} simple={phone} />
        </>
      )}
      <CustomerDrawer userId={userId} id={openId} onClose={() => setOpenId(0)} />
      <AddCustomersDialog
        userId={userId}
        open={dialog === 'add'}
        onClose={() => setDialog(null)}
        phone={phone}
      />
      <ImportCustomersDialog
        userId={userId}
        open={dialog === 'import'}
        onClose={() => setDialog(null)}
        phone={phone}
      />
    </Card>
  );
}
