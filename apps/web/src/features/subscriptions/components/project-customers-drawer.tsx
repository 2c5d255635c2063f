// The customers a recommended project matches (getCusByPid), in a drawer over 我的订阅, paged inside it.
import { Drawer } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../../components/paged-table';
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
      <PagedTable
        query={query}
        columns={customerColumns((page - 1) * SIZE)}
        rowKey="id"
        page={page}
        size={SIZE}
        onPage={setPage}
        unit="家"
        scrollX={560}
      />
    </Drawer>
  );
}
