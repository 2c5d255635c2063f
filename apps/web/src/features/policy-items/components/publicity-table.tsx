// A 公示公告's 公示名单: the companies it names, searched by name or credit code, the member's customers tagged
// 我的客户 (each opening the customer) and shown alone with 只看我的客户; paged by the server.
import type { PublicityRow } from '@uc/shared';
import { Flex, Input, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/paged-table';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { customerPath } from '../../../paths';
import { usePublicity } from '../api/get-publicity';

const SIZE = 10;

function CompanyName({ row }: { row: PublicityRow }) {
  if (row.customer_id === null) return <span>{row.companyname}</span>;
  return (
    <span>
      <Link to={customerPath(row.customer_id, row.companyname)} className="uc-item-link">
        {row.companyname}
      </Link>
      <Tag color="blue" style={{ marginLeft: 8 }}>
        我的客户
      </Tag>
    </span>
  );
}

const columns: TableColumnsType<PublicityRow> = [
  { title: '企业名称', key: 'companyname', render: (_v, row) => <CompanyName row={row} /> },
  { title: '统一社会信用代码', dataIndex: 'identityid', width: 200, render: (v: string) => v || '—' },
  { title: '资质/类别', dataIndex: 'qualification', width: '28%', render: (v: string) => v || '—' },
];

/** On a phone, one column: the name, then its credit code and qualification under it. */
const phoneColumns: TableColumnsType<PublicityRow> = [
  {
    title: '企业名称',
    key: 'companyname',
    render: (_v, row) => (
      <>
        <CompanyName row={row} />
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[row.identityid, row.qualification].filter(Boolean).join(' · ')}
          </Typography.Text>
        </div>
      </>
    ),
  },
];

export function PublicityTable({
  userId,
  itemId,
  total,
  mine,
}: {
  userId: number;
  itemId: number;
  /** Companies of the list, and how many are the member's customers (from the detail). */
  total: number;
  mine: number;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const switchId = useId();
  const [q, setQ] = useState('');
  const [onlyMine, setOnlyMine] = useState(false);
  const [page, setPage] = useState(1);
  const query = usePublicity(userId, { id: itemId, q, mine: onlyMine, page, size: SIZE });
  return (
    <section aria-label="公示名单" className="uc-notice-section">
      <Typography.Title level={5}>
        公示名单
        <Typography.Text type="secondary" className="uc-notice-count">
          共 {total} 家{mine > 0 ? `，其中我的客户 ${mine} 家` : ''}
        </Typography.Text>
      </Typography.Title>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="搜索企业名称或信用代码"
          placeholder="搜索企业名称或信用代码"
          allowClear
          maxLength={100}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
          style={{ maxWidth: 320 }}
        />
        <span className="uc-notice-switch">
          <Switch
            id={switchId}
            size="small"
            checked={onlyMine}
            onChange={(checked) => {
              setOnlyMine(checked);
              setPage(1);
            }}
          />
          <label htmlFor={switchId}>只看我的客户</label>
        </span>
      </Flex>
      <PagedTable
        query={query}
        columns={phone ? phoneColumns : columns}
        rowKey={(row) => `${row.identityid}|${row.companyname}`}
        page={page}
        size={SIZE}
        onPage={setPage}
        unit="家"
        scrollX={phone ? 300 : 640}
      />
    </section>
  );
}
