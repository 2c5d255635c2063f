// /ticket/list (我的工单): the account's tickets (a main account sees its whole team's, with who opened each: 提交人),
// by status tab (全部 / 待处理 / 已回复 / 已关闭, the URL's `status`), latest activity first and paged through the URL; a
// dot marks a staff answer not read yet; 提交工单 opens a new one.
import { CustomerServiceOutlined, PlusOutlined } from '@ant-design/icons';
import { TicketStatusTag } from '@uc/client';
import {
  shanghaiMinute,
  TICKET_CATEGORY_NAME,
  TICKET_STATUS_KEYS,
  TICKET_STATUS_NAME,
  type TicketItem,
  type TicketStatus,
} from '@uc/shared';
import { Badge, Card, Empty, Flex, type TableColumnsType, Tabs, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { IconTitle } from '../../components/icon-title';
import { LinkButton } from '../../components/link-button';
import { RowsTable, UrlPagedList } from '../../components/url-paged-list';
import { useUrlPagination } from '../../components/url-pagination';
import { useAccess } from '../../lib/access';
import { useAuthStore } from '../../lib/session/auth-store';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { paths, ticketDetailPath } from '../../paths';
import { useTicketList } from './api/get-ticket-list';
import './tickets.css';

const ALL = 'all';
const TABS = [
  { key: ALL, label: '全部' },
  ...TICKET_STATUS_KEYS.map((key) => ({ key, label: TICKET_STATUS_NAME[key] })),
];

/** The ticket's title as a link to it, a dot before it while a staff answer is unread. */
function TicketTitle({ ticket }: { ticket: TicketItem }) {
  return (
    <Flex align="center" gap={6} className="uc-ticket-title">
      {ticket.unread && <Badge status="processing" aria-label="有新回复" />}
      <Link to={ticketDetailPath(ticket.id)} className={ticket.unread ? 'uc-ticket-unread' : undefined}>
        {ticket.title}
      </Link>
    </Flex>
  );
}

function TicketCards({ tickets, showCreator }: { tickets: readonly TicketItem[]; showCreator: boolean }) {
  return (
    <ul className="uc-ticket-cards" aria-label="工单列表">
      {tickets.map((ticket) => (
        <li key={ticket.id} className="uc-ticket-card">
          <Flex justify="space-between" align="start" gap={8}>
            <TicketTitle ticket={ticket} />
            <TicketStatusTag status={ticket.status} />
          </Flex>
          <Typography.Text type="secondary" className="uc-ticket-small">
            {ticket.no} · {TICKET_CATEGORY_NAME[ticket.category]}
            {showCreator ? ` · ${ticket.creator}` : ''}
          </Typography.Text>
          <Typography.Text type="secondary" className="uc-ticket-small">
            更新于 {shanghaiMinute(ticket.updated_at)}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

export function TicketListPage({ title }: { title?: string }) {
  const heading = title || '我的工单';
  useDocumentTitle(heading);
  const userId = useAuthStore((s) => s.id);
  // A main account reads its team's tickets: who opened each is shown.
  const showCreator = !useAccess().isSub;
  const phone = useMediaQuery(PHONE_QUERY);
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status') ?? '';
  const status = (TICKET_STATUS_KEYS as readonly string[]).includes(raw) ? (raw as TicketStatus) : undefined;
  const pager = useUrlPagination();
  const query = useTicketList(userId, { page: pager.page, size: pager.size, ...(status ? { status } : {}) });

  const columns: TableColumnsType<TicketItem> = [
    { title: '工单编号', dataIndex: 'no', key: 'no', width: 160 },
    { title: '问题描述', key: 'title', render: (_, ticket) => <TicketTitle ticket={ticket} /> },
    {
      title: '分类',
      dataIndex: 'category',
      key: 'category',
      width: 110,
      render: (c: TicketItem['category']) => TICKET_CATEGORY_NAME[c],
    },
    ...(showCreator ? [{ title: '提交人', dataIndex: 'creator', key: 'creator', width: 120 }] : []),
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (s: TicketStatus) => <TicketStatusTag status={s} />,
    },
    {
      title: '提交时间',
      dataIndex: 'created_at',
      key: 'created',
      width: 150,
      render: (at: string) => shanghaiMinute(at),
    },
    {
      title: '最后更新',
      dataIndex: 'updated_at',
      key: 'updated',
      width: 150,
      render: (at: string) => shanghaiMinute(at),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, ticket) => (
        <LinkButton
          type="link"
          size="small"
          to={ticketDetailPath(ticket.id)}
          aria-label={`查看工单 ${ticket.no}`}
        >
          查看
        </LinkButton>
      ),
    },
  ];

  return (
    <Card
      title={<IconTitle icon={<CustomerServiceOutlined />}>{heading}</IconTitle>}
      extra={
        <LinkButton
          type="primary"
          size={phone ? 'small' : 'middle'}
          icon={<PlusOutlined />}
          to={paths.ticketNew}
        >
          提交工单
        </LinkButton>
      }
    >
      <Tabs
        activeKey={status ?? ALL}
        onChange={(key) =>
          setSearch((prev) => {
            const next = new URLSearchParams(prev);
            next.delete('page');
            if (key === ALL) next.delete('status');
            else next.set('status', key);
            return next;
          })
        }
        items={TABS}
      />
      <UrlPagedList
        query={query}
        pager={pager}
        skeletonRows={6}
        empty={<Empty description="暂无数据" style={{ padding: '40px 0' }} />}
        simple={phone}
      >
        {(rows) =>
          phone ? (
            <TicketCards tickets={rows} showCreator={showCreator} />
          ) : (
            <RowsTable<TicketItem> rowKey="id" columns={columns} rows={rows} label="工单列表" />
          )
        }
      </UrlPagedList>
    </Card>
  );
}
