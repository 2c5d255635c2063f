// The customers a recommended project matches (getCusByPid), in a drawer over 我的订阅, paged inside it.
import type { CustomerItem } from '@uc/shared';
import { Drawer, Empty, Pagination, Table } from 'antd';
import { useState } from 'react';
import { LoadErrorResult } from '../../../components/load-error-result';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { useCusByPid } from '../api/get-cus-by-pid';
import { customerColumns } from './columns';

const SIZE = 10;

export function ProjectCustomersDrawer({
  userId,
  pid,
  name,
  mainid,
  onClose,
}: {
  userId: number;
  /** The open project's mid; null when closed. */
  pid: number | null;
  /** Its name, when the list shows it. */
  name?: string;
  mainid?: number;
  onClose: () => void;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [page, setPage] = useState(1);
  const [shownFor, setShownFor] = useState<number | null>(null);
  // A different project starts from its first page.
  if (pid !== null && pid !== shownFor) {
    setShownFor(pid);
    setPage(1);
  }
  const query = useCusByPid(userId, { pid: pid ?? 0, mainid, page, size: SIZE }, pid !== null);
  return (
    <Drawer
      open={pid !== null}
      onClose={onClose}
      title={name ? `匹配客户：${name}` : '推荐项目的匹配客户'}
      size={phone ? '100%' : 760}
      destroyOnHidden
    >
      {query.isError && !query.data ? (
        <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Table<CustomerItem>
            rowKey="id"
            size="small"
            columns={customerColumns((page - 1) * SIZE)}
            dataSource={query.data?.list ?? []}
            loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
            pagination={false}
            scroll={{ x: 560 }}
            locale={{ emptyText: <Empty description="暂无数据" /> }}
          />
          {(query.data?.total ?? 0) > SIZE && (
            <Pagination
              align="end"
              size="small"
              current={page}
              pageSize={SIZE}
              total={query.data?.total ?? 0}
              showTotal={(count) => `共 ${count} 家`}
              onChange={setPage}
              style={{ marginTop: 12 }}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
