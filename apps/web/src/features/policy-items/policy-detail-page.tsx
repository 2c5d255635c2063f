// /policy/detail?id= (政策详情): one 申报通知, 公示公告 or 政策动态 opened from a list: its department, region, industry,
// dates and deadline, its programme's conditions, 收藏, and the member's customers it matches. All text is plain text.
import { ArrowLeftOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import {
  type CustomerItem,
  POLICY_DETAIL_CUSTOMERS,
  type PolicyItemDetail,
  shanghaiMinute,
} from '@uc/shared';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Result,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadErrorResult } from '../../components/load-error-result';
import { errorText } from '../../lib/http/api-error';
import { useAuthStore } from '../../lib/session/auth-store';
import { toastError, toastSuccess } from '../../lib/ui/feedback';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { paths } from '../../paths';
import { usePolicyDetail } from './api/get-policy-detail';
import { useSetFavourite } from './api/set-favourite';
import './policy-items.css';

const minute = (value: string | null) => (value ? shanghaiMinute(value) : '—');

const customerColumns: TableColumnsType<CustomerItem> = [
  { title: '企业名称', dataIndex: 'cus_name' },
  { title: '所属地区', dataIndex: 'area_name', width: 110 },
  { title: '行业', dataIndex: 'industry_name', width: '30%', ellipsis: true },
  {
    title: '高新技术企业',
    dataIndex: 'is_hightech',
    width: 120,
    render: (v: boolean) => (v ? <Tag color="green">是</Tag> : '否'),
  },
];

/** On a phone, one column: the name, then its district and industry (and 高新技术企业) under it. */
const phoneCustomerColumns: TableColumnsType<CustomerItem> = [
  {
    title: '企业名称',
    dataIndex: 'cus_name',
    render: (name: string, row) => (
      <>
        <div>{name}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[row.area_name, row.industry_name].filter(Boolean).join(' · ')}
        </Typography.Text>
        {row.is_hightech && (
          <Tag color="green" style={{ marginLeft: 8 }}>
            高新技术企业
          </Tag>
        )}
      </>
    ),
  },
];

function FavouriteButton({ item, userId }: { item: PolicyItemDetail; userId: number }) {
  const mutation = useSetFavourite(userId);
  const toggle = () =>
    mutation.mutate(
      { id: item.id, favourite: !item.favourite },
      {
        onSuccess: (state) => toastSuccess(state.favourite ? '已收藏' : '已取消收藏'),
        onError: (error) => toastError(errorText(error, '操作失败，请稍后再试')),
      },
    );
  return (
    <Button
      icon={item.favourite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
      aria-pressed={item.favourite}
      loading={mutation.isPending}
      onClick={toggle}
    >
      {item.favourite ? '已收藏' : '收藏'}
    </Button>
  );
}

function Detail({ item, userId }: { item: PolicyItemDetail; userId: number }) {
  const deadline = item.type === 'sbtz';
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <>
      <Flex gap={12} wrap align="flex-start" justify="space-between">
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Flex gap={8} wrap style={{ marginBottom: 8 }}>
            <Tag color="blue">{item.type_name}</Tag>
            {deadline && (item.open ? <Tag color="green">申报中</Tag> : <Tag>已截止</Tag>)}
          </Flex>
          <Typography.Title level={4} className="uc-policy-title">
            {item.title}
          </Typography.Title>
        </div>
        <FavouriteButton item={item} userId={userId} />
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        style={{ marginTop: 16 }}
        items={[
          { key: 'dept', label: '发布部门', children: item.dept_name },
          { key: 'area', label: '适用地区', children: item.area_name },
          { key: 'industry', label: '适用行业', children: item.industry_name ?? '不限' },
          { key: 'publish', label: '发布时间', children: minute(item.publish_time) },
          ...(deadline ? [{ key: 'end', label: '申报截止', children: minute(item.end_time) }] : []),
          ...(item.programme ? [{ key: 'programme', label: '适用项目', children: item.programme }] : []),
        ]}
      />
      {deadline && (
        <section aria-label="申报条件" style={{ marginTop: 24 }}>
          <Typography.Title level={5}>申报条件</Typography.Title>
          {item.conditions.length > 0 ? (
            <ul className="uc-policy-conditions">
              {item.conditions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <Typography.Text type="secondary">以发布部门的申报通知为准</Typography.Text>
          )}
        </section>
      )}
      <section aria-label="匹配的客户" style={{ marginTop: 24 }}>
        <Typography.Title level={5}>
          匹配的客户
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal', marginLeft: 8 }}>
            共 {item.customers.total} 家
            {item.customers.total > POLICY_DETAIL_CUSTOMERS ? `，显示前 ${POLICY_DETAIL_CUSTOMERS} 家` : ''}
          </Typography.Text>
        </Typography.Title>
        <Table<CustomerItem>
          rowKey="id"
          size="small"
          columns={phone ? phoneCustomerColumns : customerColumns}
          dataSource={item.customers.list}
          pagination={false}
          scroll={phone ? undefined : { x: 560 }}
          locale={{ emptyText: <Empty description="暂无匹配的客户" /> }}
        />
      </section>
    </>
  );
}

export function PolicyDetailPage({ title }: { title?: string }) {
  const userId = useAuthStore((s) => s.id);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const raw = search.get('id');
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const query = usePolicyDetail(userId, id);
  // Back where the member came from; opened directly (no history in the app), 我的订阅.
  const back = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else navigate(paths.subList);
  };
  return (
    <Card
      title={title || '政策详情'}
      data-testid="policy-detail-page"
      extra={
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={back}>
          返回
        </Button>
      }
    >
      {id === null ? (
        <Result status="404" title="该政策不存在或已下线" />
      ) : query.isError ? (
        <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <Detail item={query.data} userId={userId} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Card>
  );
}
