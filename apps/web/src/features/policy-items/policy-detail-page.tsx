// /policy/detail?id= (政策详情): one 申报通知, 公示公告 or 政策动态 as a notice: its title, 文号, department, dates and
// deadline, 原文链接, its body (HTML the server sanitized, passed through DOMPurify once more), its attachments, for a
// 公示公告 its 公示名单, for a 申报通知 its programme's conditions, 收藏, and the member's customers it matches with a
// link to all of them in 我的客户. Every other text is plain text.
import { ArrowLeftOutlined, LinkOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
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
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadErrorResult } from '../../components/load-error-result';
import { RichContent } from '../../components/rich-content';
import { errorText } from '../../lib/http/api-error';
import { useAuthStore } from '../../lib/session/auth-store';
import { toastError, toastSuccess } from '../../lib/ui/feedback';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { customerPath, matchedCustomersPath, paths } from '../../paths';
import { usePolicyDetail } from './api/get-policy-detail';
import { useSetFavourite } from './api/set-favourite';
import { NoticeAttachments } from './components/notice-attachments';
import { PublicityTable } from './components/publicity-table';
import './policy-items.css';

const minute = (value: string | null) => (value ? shanghaiMinute(value) : '—');

/** A source link the page may open: http or https only. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

const customerName = (name: string, row: CustomerItem) => (
  <Link to={customerPath(row.id, name)} className="uc-item-link">
    {name}
  </Link>
);

const customerColumns: TableColumnsType<CustomerItem> = [
  { title: '企业名称', dataIndex: 'cus_name', render: customerName },
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
        <div>{customerName(name, row)}</div>
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

function SourceLink({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="uc-notice-source">
      <LinkOutlined /> 查看原文
    </a>
  );
}

function NoticeBody({ item }: { item: PolicyItemDetail }) {
  const source = isWebUrl(item.source_url) ? item.source_url : '';
  return (
    <section aria-label="正文" className="uc-notice-section uc-notice-body">
      {item.content ? (
        <RichContent html={item.content} label="通知正文" />
      ) : (
        <Typography.Paragraph type="secondary" className="uc-notice-empty">
          暂无正文{source ? '，可' : ''}
          {source && <SourceLink url={source} />}
        </Typography.Paragraph>
      )}
    </section>
  );
}

function MatchedCustomers({ item }: { item: PolicyItemDetail }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const { total, list } = item.customers;
  return (
    <section id="customers" aria-label="匹配的客户" className="uc-notice-section">
      <Flex gap={8} wrap align="baseline" justify="space-between">
        <Typography.Title level={5}>
          匹配的客户
          <Typography.Text type="secondary" className="uc-notice-count">
            共 {total} 家{total > POLICY_DETAIL_CUSTOMERS ? `，显示前 ${POLICY_DETAIL_CUSTOMERS} 家` : ''}
          </Typography.Text>
        </Typography.Title>
        {total > 0 && (
          <Link to={matchedCustomersPath(item.match_scope)} className="uc-item-link">
            在我的客户中查看全部 {total} 家
          </Link>
        )}
      </Flex>
      <Table<CustomerItem>
        rowKey="id"
        size="small"
        columns={phone ? phoneCustomerColumns : customerColumns}
        dataSource={list}
        pagination={false}
        scroll={phone ? undefined : { x: 560 }}
        locale={{ emptyText: <Empty description="暂无匹配的客户" /> }}
      />
    </section>
  );
}

function Detail({ item, userId }: { item: PolicyItemDetail; userId: number }) {
  const deadline = item.type === 'sbtz';
  const source = isWebUrl(item.source_url) ? item.source_url : '';
  const { hash } = useLocation();
  // #customers (the count of a recommended project) lands on the matching customers once they are drawn.
  useEffect(() => {
    if (hash === '#customers') document.getElementById('customers')?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <article aria-label={item.title}>
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
          ...(item.doc_no ? [{ key: 'doc', label: '文号', children: item.doc_no }] : []),
          { key: 'dept', label: '发布部门', children: item.dept_name },
          { key: 'area', label: '适用地区', children: item.area_name },
          { key: 'industry', label: '适用行业', children: item.industry_name ?? '不限' },
          { key: 'publish', label: '发布时间', children: minute(item.publish_time) },
          ...(deadline ? [{ key: 'end', label: '申报截止', children: minute(item.end_time) }] : []),
          ...(item.programme ? [{ key: 'programme', label: '适用项目', children: item.programme }] : []),
          ...(source ? [{ key: 'source', label: '原文链接', children: <SourceLink url={source} /> }] : []),
        ]}
      />
      <NoticeBody item={item} />
      {item.attachments.length > 0 && <NoticeAttachments files={item.attachments} />}
      {item.type === 'gsgg' && (
        <PublicityTable
          userId={userId}
          itemId={item.id}
          total={item.publicity_total ?? 0}
          mine={item.publicity_mine ?? 0}
        />
      )}
      {deadline && (
        <section aria-label="申报条件" className="uc-notice-section">
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
      <MatchedCustomers item={item} />
    </article>
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
      className="uc-notice-card"
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
