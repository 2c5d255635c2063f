// /publicity (我的公示): the member's own publicity items in a table, paginated through the URL; a title opens its
// 公示公告 (政策详情) when it is known.
import { type OwnPublicityItem, shanghaiDate } from '@uc/shared';
import { Card, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { LoadErrorResult } from '../../components/load-error-result';
import { PolicyItemTitle } from '../../components/policy-item-link';
import { UrlPagination, useKeepPageInRange, useUrlPagination } from '../../components/url-pagination';
import { useAuthStore } from '../../lib/session/auth-store';
import { usePublicityMore } from './api/get-publicity-more';

function columns(offset: number): TableColumnsType<OwnPublicityItem> {
  return [
    {
      title: '序号',
      key: 'index',
      width: 72,
      align: 'center',
      render: (_v, _row, index) => offset + index + 1,
    },
    {
      title: '公示名称',
      dataIndex: 'title',
      render: (_v, row) => (
        <div style={{ minWidth: 0 }}>
          <PolicyItemTitle id={row.item_id} title={row.title} />
          {row.title2 && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.title2}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    { title: '发布部门', dataIndex: 'dept_name', width: '26%', ellipsis: true },
    {
      title: '公示时间',
      dataIndex: 'publish_time',
      width: 120,
      render: (value: string) => shanghaiDate(value),
    },
  ];
}

export function PublicityPage({ title }: { title?: string }) {
  const userId = useAuthStore((s) => s.id);
  const { page, size, setPage } = useUrlPagination();
  const query = usePublicityMore(userId, { page, size });
  useKeepPageInRange(page, size, query.isPlaceholderData ? undefined : query.data?.total);

  return (
    <Card title={title || '我的公示'} data-testid="publicity-page">
      {query.isError && !query.data ? (
        <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Table<OwnPublicityItem>
            rowKey="id"
            columns={columns((page - 1) * size)}
            dataSource={query.data?.list ?? []}
            loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
            pagination={false}
            scroll={{ x: 640 }}
            locale={{ emptyText: <Empty description="暂无数据" style={{ padding: '32px 0' }} /> }}
          />
          <UrlPagination page={page} size={size} total={query.data?.total ?? 0} onChange={setPage} />
        </>
      )}
    </Card>
  );
}
