// /order/list (我的订单): the member's orders by status, paged through the URL; an order the server calls payable
// is resumed by 继续支付 (same order, same quantity), an order awaiting a corporate transfer shows its bank details,
// what a coupon took off is noted under the amount, money owed back is marked 待退款, a paid order offers 申请发票 (its
// invoice's state shows beside the order's, 下载发票 once issued), and 详情 opens the order's detail (its payments,
// what it changed and its invoice).
import { type OrderListFilter, type OrderListItem, type OrderStatus, shanghaiMinute } from '@uc/shared';
import {
  Button,
  Card,
  Empty,
  Flex,
  Modal,
  Skeleton,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { InvoiceDownloadButton } from '../../components/invoice/invoice-download-button';
import { InvoiceStatusTag } from '../../components/invoice/invoice-status-tag';
import { LinkButton } from '../../components/link-button';
import { LoadErrorResult } from '../../components/load-error-result';
import { RowAction } from '../../components/row-action';
import { RowsTable, UrlPagedList } from '../../components/url-paged-list';
import { FIRST_PAGE, useUrlPagination } from '../../components/url-pagination';
import { useAccess } from '../../lib/access';
import type { MemberPlan } from '../../lib/renewal';
import { cusInfoQueryOptions, useCusInfo } from '../../lib/session/api/get-cus-info';
import { useAuthStore } from '../../lib/session/auth-store';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { yuanText } from '../../lib/ui/yuan-text';
import { paths } from '../../paths';
import { useCreateTransfer } from './api/create-transfer';
import { orderListQueryOptions, useOrderList } from './api/get-order-list';
import { InvoiceApplyDialog } from './components/invoice-apply-dialog';
import { OrderDetailDrawer } from './components/order-detail-drawer';
import { channelText, OrderStateTag } from './components/order-status';
import { SubAccountResult } from './components/sub-account-result';
import { TRANSFER_NOTE, TransferInfoList } from './components/transfer-details';
import { continuePath } from './model/pay-destinations';
import './commerce.css';
import type { FirstQueries } from '../../lib/routing/lazy-page';

/** The status tabs: the query value of each (absent: every order). */
const TABS: { key: string; label: string; status?: OrderListFilter }[] = [
  { key: 'all', label: '全部' },
  { key: 'pending', label: '待支付', status: 'pending' },
  { key: 'paid', label: '已支付', status: 'paid' },
  { key: 'expired', label: '已过期', status: 'expired' },
  { key: 'awaiting_transfer', label: '待转账', status: 'awaiting_transfer' },
];

/** A payment of this order that bought nothing (a second or superseded payment) is owed back. */
const refundText = (refund: number): string => `待退款 ${yuanText(refund)}`;
const REFUND_HINT = '该笔付款未能开通服务，将原路退回';

function Amount({ order }: { order: OrderListItem }) {
  return (
    <Flex vertical align="start" gap={2}>
      <Typography.Text strong>{yuanText(order.price)}</Typography.Text>
      {order.credit > 0 && (
        <Typography.Text type="secondary" className="uc-shop-small">
          已抵扣 {yuanText(order.credit)}
        </Typography.Text>
      )}
      {order.coupon > 0 && (
        <Typography.Text
          type="secondary"
          className="uc-shop-small"
          title={order.coupon_name ? `优惠券：${order.coupon_name}` : undefined}
        >
          已优惠 {yuanText(order.coupon)}
        </Typography.Text>
      )}
      {order.refund > 0 && (
        <Tag color="volcano" variant="filled" title={REFUND_HINT} className="uc-shop-refund">
          {refundText(order.refund)}
        </Tag>
      )}
    </Flex>
  );
}

/** The order's state, and its invoice's once one was asked for. */
function OrderState({ order }: { order: OrderListItem }) {
  return (
    <Flex vertical align="start" gap={4}>
      <OrderStateTag order={order} />
      {order.invoice && <InvoiceStatusTag status={order.invoice.status} named />}
    </Flex>
  );
}

function TransferBody({ outTradeNo }: { outTradeNo: string }) {
  const userId = useAuthStore((s) => s.id);
  const transfer = useCreateTransfer(userId);
  const { mutate } = transfer;
  const asked = useRef('');
  useEffect(() => {
    if (asked.current === outTradeNo) return;
    asked.current = outTradeNo;
    mutate(outTradeNo);
  }, [outTradeNo, mutate]);
  const info = transfer.data?.out_trade_no === outTradeNo ? transfer.data : undefined;
  if (info) return <TransferInfoList info={info} />;
  if (transfer.isError) return <LoadErrorResult error={transfer.error} onRetry={() => mutate(outTradeNo)} />;
  return <Skeleton active title={false} paragraph={{ rows: 5 }} />;
}

function TransferDialog({ order, onClose }: { order: OrderListItem | null; onClose: () => void }) {
  return (
    <Modal
      open={order !== null}
      title="对公转账信息"
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{TRANSFER_NOTE}</Typography.Paragraph>
      {order && <TransferBody outTradeNo={order.out_trade_no} />}
    </Modal>
  );
}

/** How much an order buys: years of a plan, or packs of credits. */
const quantityText = (order: OrderListItem): string =>
  `${order.count}${order.gift ? '张' : order.pack ? '份' : '年'}`;

interface OrderHandlers {
  onTransfer: (order: OrderListItem) => void;
  onDetail: (order: OrderListItem) => void;
  onInvoice: (order: OrderListItem) => void;
}

function OrderActions({
  order,
  member,
  onTransfer,
  onDetail,
  onInvoice,
}: { order: OrderListItem; member: MemberPlan } & OrderHandlers) {
  let next: ReactNode = null;
  // The server decides: open, before its pay-by time, a price >= 0, a plan the member may still buy.
  if (order.payable) {
    next = (
      <LinkButton
        type="link"
        size="small"
        to={continuePath(order, member)}
        aria-label={`继续支付 ${order.out_trade_no}`}
      >
        继续支付
      </LinkButton>
    );
  } else if (order.gift && order.status === 'paid') {
    next = (
      <LinkButton
        type="link"
        size="small"
        to={`${paths.cardsShop}?paid=${order.out_trade_no}`}
        aria-label={`查看卡密 ${order.out_trade_no}`}
      >
        查看卡密
      </LinkButton>
    );
  } else if (order.status === 'awaiting_transfer') {
    next = <RowAction text="查看转账信息" of={order.out_trade_no} onClick={() => onTransfer(order)} />;
  }
  return (
    <Flex wrap>
      {next}
      {order.invoiceable && (
        <RowAction text="申请发票" of={order.out_trade_no} onClick={() => onInvoice(order)} />
      )}
      {order.invoice?.status === 'issued' && (
        <InvoiceDownloadButton id={order.invoice.id} label={`下载发票 ${order.out_trade_no}`} />
      )}
      <Button
        type="link"
        size="small"
        onClick={() => onDetail(order)}
        aria-label={`订单详情 ${order.out_trade_no}`}
      >
        详情
      </Button>
    </Flex>
  );
}

function OrderCards({
  orders,
  member,
  ...handlers
}: { orders: readonly OrderListItem[]; member: MemberPlan } & OrderHandlers) {
  return (
    <ul className="uc-shop-order-cards" aria-label="订单列表">
      {orders.map((order) => (
        <li key={order.out_trade_no} className="uc-shop-order-card">
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text strong>
              {order.name} × {quantityText(order)}
            </Typography.Text>
            <Flex gap={4} wrap justify="end">
              <OrderStateTag order={order} />
              {order.invoice && <InvoiceStatusTag status={order.invoice.status} named />}
            </Flex>
          </Flex>
          <Typography.Text type="secondary" className="uc-shop-small uc-shop-break">
            订单编号：{order.out_trade_no}
          </Typography.Text>
          <Typography.Text type="secondary" className="uc-shop-small">
            下单时间：{shanghaiMinute(order.created_at)}
          </Typography.Text>
          <Flex justify="space-between" align="center">
            <Amount order={order} />
            <OrderActions order={order} member={member} {...handlers} />
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/** The member and the first page of every order (answered inside the page). */
export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(cusInfoQueryOptions(userId)),
  client.prefetchQuery(orderListQueryOptions(userId, FIRST_PAGE)),
];

export function OrderListPage({ title }: { title?: string }) {
  useDocumentTitle(title || '我的订单');
  const userId = useAuthStore((s) => s.id);
  const cusInfo = useCusInfo(userId);
  const access = useAccess(cusInfo.data);
  const phone = useMediaQuery(PHONE_QUERY);
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((t) => t.key === search.get('status')) ?? TABS[0]!;
  const pager = useUrlPagination();
  const query = useOrderList(userId, {
    page: pager.page,
    size: pager.size,
    ...(tab.status ? { status: tab.status } : {}),
  });
  const [transferOf, setTransferOf] = useState<OrderListItem | null>(null);
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const [invoiceOf, setInvoiceOf] = useState<OrderListItem | null>(null);
  const handlers: OrderHandlers = {
    onTransfer: setTransferOf,
    onDetail: (order) => setDetailOf(order.out_trade_no),
    onInvoice: setInvoiceOf,
  };

  if (access.isSub) return <SubAccountResult />;
  const member: MemberPlan = { isSub: access.isSub, gid: cusInfo.data?.gid, level: access.level };

  const columns: TableColumnsType<OrderListItem> = [
    {
      title: '订单编号',
      dataIndex: 'out_trade_no',
      key: 'no',
      render: (no: string) => <span className="uc-shop-break">{no}</span>,
    },
    { title: '套餐', dataIndex: 'name', key: 'name' },
    {
      title: '购买数量',
      dataIndex: 'count',
      key: 'count',
      render: (_: number, order: OrderListItem) => quantityText(order),
    },
    { title: '订单金额', key: 'price', render: (_, order) => <Amount order={order} /> },
    {
      title: '支付方式',
      dataIndex: 'channel',
      key: 'channel',
      render: (channel: string | null) => channelText(channel),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (_: OrderStatus, order: OrderListItem) => <OrderState order={order} />,
    },
    {
      title: '下单时间',
      dataIndex: 'created_at',
      key: 'created',
      render: (at: string) => shanghaiMinute(at),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, order) => <OrderActions order={order} member={member} {...handlers} />,
    },
  ];

  return (
    <Card title={title || '我的订单'} data-testid="order-list-page" className="uc-shop-orders">
      <Tabs
        activeKey={tab.key}
        onChange={(key) =>
          setSearch((prev) => {
            const next = new URLSearchParams(prev);
            if (key === 'all') next.delete('status');
            else next.set('status', key);
            next.set('page', '1');
            return next;
          })
        }
        items={TABS.map((t) => ({ key: t.key, label: t.label }))}
      />
      <UrlPagedList
        query={query}
        pager={pager}
        skeletonRows={8}
        empty={<Empty description="暂无数据" style={{ padding: '48px 0' }} />}
      >
        {(rows) =>
          phone ? (
            <OrderCards orders={rows} member={member} {...handlers} />
          ) : (
            <RowsTable<OrderListItem> rowKey="out_trade_no" columns={columns} rows={rows} label="订单列表" />
          )
        }
      </UrlPagedList>
      <TransferDialog order={transferOf} onClose={() => setTransferOf(null)} />
      <OrderDetailDrawer
        outTradeNo={detailOf}
        onClose={() => setDetailOf(null)}
        onApplyInvoice={setInvoiceOf}
      />
      <InvoiceApplyDialog order={invoiceOf} onClose={() => setInvoiceOf(null)} />
    </Card>
  );
}
