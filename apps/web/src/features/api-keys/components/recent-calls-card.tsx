// 最近调用: the last 100 calls, newest first: when, which product, how it ended (2xx 成功, 429 次数用完/限流, else
// 失败, with the HTTP status) and with which key. A table, cards on a phone.
import { HistoryOutlined } from '@ant-design/icons';
import { type ApiUsage, shanghaiSecond } from '@uc/shared';
import { Card, Empty, Flex, Pagination, Skeleton, Table, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { IconTitle } from '../../../components/icon-title';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { callStatus, productName } from '../model/usage';

/** A call with its place in the list (two calls may share every field). */
type Call = ApiUsage['recent'][number] & { n: number };

const PAGE_SIZE = 10;

function StatusTag({ status }: { status: number }) {
  const tag = callStatus(status);
  return (
    <Flex gap={4} align="center">
      <Tag color={tag.color} variant="filled">
        {tag.text}
      </Tag>
      <Typography.Text type="secondary">{status}</Typography.Text>
    </Flex>
  );
}

function CallList({ calls }: { calls: Call[] }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [page, setPage] = useState(1);
  const paged = calls.length > PAGE_SIZE;
  if (phone) {
    const shown = calls.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    return (
      <>
        <ul className="uc-apikeys-cards" aria-label="最近调用列表">
          {shown.map((call) => (
            <li key={call.n} className="uc-apikeys-item">
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong>{productName(call.product)}</Typography.Text>
                <StatusTag status={call.status} />
              </Flex>
              <Typography.Text type="secondary">
                {shanghaiSecond(call.at)} · 密钥 {call.key_name}
              </Typography.Text>
            </li>
          ))}
        </ul>
        {paged && (
          <Pagination
            size="small"
            align="end"
            className="uc-apikeys-pages"
            current={page}
            pageSize={PAGE_SIZE}
            total={calls.length}
            showSizeChanger={false}
            onChange={setPage}
          />
        )}
      </>
    );
  }
  return (
    <Table<Call>
      rowKey="n"
      dataSource={calls}
      size="middle"
      pagination={paged ? { pageSize: PAGE_SIZE, showSizeChanger: false, size: 'small' } : false}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '时间', dataIndex: 'at', key: 'at', render: (at: string) => shanghaiSecond(at) },
        { title: '接口', dataIndex: 'product', key: 'product', render: (key: string) => productName(key) },
        {
          title: '状态',
          dataIndex: 'status',
          key: 'status',
          render: (status: number) => <StatusTag status={status} />,
        },
        { title: '密钥', dataIndex: 'key_name', key: 'key' },
      ]}
    />
  );
}

/** The calls; without `usage` (still loading) their skeleton. */
export function RecentCallsCard({ usage }: { usage: ApiUsage | undefined }) {
  let body: ReactNode;
  if (!usage) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (usage.recent.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无调用记录" />;
  else body = <CallList calls={usage.recent.map((call, n) => ({ ...call, n }))} />;
  return (
    <Card
      title={<IconTitle icon={<HistoryOutlined />}>最近调用</IconTitle>}
      extra={<Typography.Text type="secondary">最近100次</Typography.Text>}
      className="uc-apikeys-card"
      data-testid="api-recent-card"
    >
      {body}
    </Card>
  );
}
