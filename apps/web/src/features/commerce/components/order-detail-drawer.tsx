// 订单详情 (GET /saastools/mytaocanorder/{id}), opened from a row of 我的订单: the order's amounts (the coupon it
// applied included) and times, its invoice (its state and 下载发票, or 申请发票), each payment attempt (every QR shown
// or transfer asked for), its refunds (退款记录: how much, back through which channel, their state, what the payment
// still holds) and what crediting it changed (level, expiry, API calls).

import { CustomerServiceOutlined } from '@ant-design/icons';
import {
  levelName,
  type MembershipChange,
  type OrderDetail,
  type OrderGrant,
  type OrderRefund,
  shanghaiDate,
  shanghaiMinute,
} from '@uc/shared';
import {
  Descriptions,
  type DescriptionsProps,
  Drawer,
  Empty,
  Flex,
  List,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useLocation } from 'react-router';
import { InvoiceDownloadButton } from '../../../components/invoice/invoice-download-button';
import { InvoiceStatusTag } from '../../../components/invoice/invoice-status-tag';
import { LinkButton } from '../../../components/link-button';
import { LoadErrorResult } from '../../../components/load-error-result';
import { RowAction } from '../../../components/row-action';
import { useAuthStore } from '../../../lib/session/auth-store';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { yuanText } from '../../../lib/ui/yuan-text';
import { ticketNewPath } from '../../../paths';
import { useOrderDetail } from '../api/get-order-detail';
import { countText } from '../model/money';
import { ATTEMPT_STATUS_TEXT, channelText, OrderStateTag, REFUND_STATUS_TEXT } from './order-status';

const dateOrDash = (iso: string | null) => (iso ? shanghaiDate(iso) : '—');
const minuteOrDash = (iso: string | null) => (iso ? shanghaiMinute(iso) : '—');

const CHANGE_KIND: Record<NonNullable<MembershipChange['kind']>, string> = {
  renew: '续费',
  switch: '升级',
  start: '开通',
  api: 'API调用次数',
  credits: '工具使用次数',
  gift: '礼品卡',
  change: '到期后切换',
};

/** 发票: the request's state (下载发票 once issued), 申请发票 while one may be asked for, else why not. */
function InvoiceLine({ order, onApply }: { order: OrderDetail; onApply: (order: OrderDetail) => void }) {
  if (order.invoice)
    return (
      <Flex align="center" gap={4} wrap>
        <InvoiceStatusTag status={order.invoice.status} />
        {order.invoice.status === 'issued' && (
          <InvoiceDownloadButton id={order.invoice.id} label={`下载发票 ${order.out_trade_no}`} />
        )}
      </Flex>
    );
  if (order.invoiceable)
    return (
      <Flex align="center" gap={4} wrap>
        <Typography.Text type="secondary">未申请</Typography.Text>
        <RowAction text="申请发票" of={order.out_trade_no} onClick={() => onApply(order)} />
      </Flex>
    );
  return <>{order.status === 'paid' ? '—' : '支付后可申请'}</>;
}

function orderItems(order: OrderDetail, onApply: (order: OrderDetail) => void): DescriptionsProps['items'] {
  const unpaid = order.status === 'created' || order.status === 'paying';
  return [
    { key: 'no', label: '订单编号', children: <span className="uc-shop-break">{order.out_trade_no}</span> },
    {
      key: 'status',
      label: '订单状态',
      children: <OrderStateTag order={order} />,
    },
    { key: 'name', label: order.pack || order.gift ? '商品' : '套餐', children: order.name },
    order.pack || order.gift
      ? { key: 'count', label: '购买数量', children: `${order.count}${order.gift ? '张' : '份'}` }
      : { key: 'count', label: '购买时长', children: `${order.count}年` },
    { key: 'total', label: '订单总额', children: yuanText(order.total) },
    ...(order.credit > 0
      ? [{ key: 'credit', label: '剩余价值抵扣', children: `-${yuanText(order.credit)}` }]
      : []),
    ...(order.coupon > 0
      ? [
          {
            key: 'coupon',
            label: '优惠券',
            children: `-${yuanText(order.coupon)}${order.coupon_name ? `（${order.coupon_name}）` : ''}`,
          },
        ]
      : []),
    {
      key: 'price',
      label: '实付金额',
      children: <Typography.Text strong>{yuanText(order.price)}</Typography.Text>,
    },
    { key: 'channel', label: '支付方式', children: channelText(order.channel) },
    { key: 'created', label: '下单时间', children: shanghaiMinute(order.created_at) },
    unpaid
      ? { key: 'late', label: '支付截止', children: shanghaiMinute(order.late_time) }
      : { key: 'paid', label: '支付时间', children: minuteOrDash(order.paid_at) },
    { key: 'invoice', label: '发票', children: <InvoiceLine order={order} onApply={onApply} /> },
    ...(order.refund > 0
      ? [
          {
            key: 'refund',
            label: '待退款',
            children: (
              <Tag color="volcano" variant="filled">
                {yuanText(order.refund)}（该笔付款未能开通服务，将原路退回）
              </Tag>
            ),
          },
        ]
      : []),
  ];
}

function changeItems(change: MembershipChange): DescriptionsProps['items'] {
  if (change.kind === 'api')
    return [
      { key: 'kind', label: '开通内容', children: CHANGE_KIND.api },
      { key: 'calls', label: '增加次数', children: `${countText(change.api_calls_added)} 次` },
      { key: 'expiry', label: '有效期至', children: dateOrDash(change.expiry_after) },
      { key: 'at', label: '开通时间', children: shanghaiMinute(change.created_at) },
    ];
  return [
    { key: 'kind', label: '开通内容', children: change.kind ? CHANGE_KIND[change.kind] : '会员套餐' },
    {
      key: 'level',
      label: '会员等级',
      children:
        change.level_before === change.level_after
          ? levelName(change.level_after)
          : `${levelName(change.level_before)} → ${levelName(change.level_after)}`,
    },
    {
      key: 'expiry',
      label: '到期时间',
      children: `${dateOrDash(change.expiry_before)} → ${dateOrDash(change.expiry_after)}`,
    },
    { key: 'at', label: '开通时间', children: shanghaiMinute(change.created_at) },
  ];
}

function grantItems(grant: OrderGrant): DescriptionsProps['items'] {
  return [
    { key: 'kind', label: '开通内容', children: `${grant.tool_name}使用次数` },
    { key: 'uses', label: '增加次数', children: `${countText(grant.uses)} 次` },
    { key: 'expiry', label: '有效期至', children: shanghaiDate(grant.expires_at) },
    { key: 'at', label: '开通时间', children: shanghaiMinute(grant.created_at) },
  ];
}

/** 支付记录 and 退款记录: a bordered list of money records, each its line (title, times) and its amount. */
function MoneyList<T extends { amount: number }>({
  records,
  line,
}: {
  records: T[];
  line: (record: T) => { title: string; description: string };
}) {
  return (
    <List
      size="small"
      bordered
      dataSource={records}
      renderItem={(record) => {
        const { title, description } = line(record);
        return (
          <List.Item extra={yuanText(record.amount)}>
            <List.Item.Meta title={title} description={description} />
          </List.Item>
        );
      }}
    />
  );
}

/** 原路退回微信支付, or 银行转账退回 for an order paid by transfer. */
const refundWay = (refund: OrderRefund) =>
  refund.by_bank ? '银行转账退回' : `原路退回${channelText(refund.channel)}`;

/** 退款记录: each refund of the order's payments, and what the payment that paid the order still holds. */
function RefundsSection({ order }: { order: OrderDetail }) {
  const returned = order.refunds.some((r) => r.status === 'succeeded');
  return (
    <section aria-label="退款记录" className="uc-shop-detail-section">
      <Typography.Title level={5}>退款记录</Typography.Title>
      <MoneyList
        records={order.refunds}
        line={(refund) => ({
          title: `${refund.whole ? '全额退款' : '部分退款'} · ${refundWay(refund)} · ${REFUND_STATUS_TEXT[refund.status]}`,
          description: [
            `申请时间：${shanghaiMinute(refund.created_at)}`,
            refund.status === 'succeeded' && refund.settled_at
              ? `，退回时间：${shanghaiMinute(refund.settled_at)}`
              : '',
            refund.whole && refund.status === 'succeeded' ? '。本订单开通的服务已收回' : '',
          ].join(''),
        })}
      />
      {returned && order.paid_at && (
        <Typography.Paragraph type="secondary" className="uc-shop-refund-kept">
          扣除退款后实付：{yuanText(order.kept)}
        </Typography.Paragraph>
      )}
    </section>
  );
}

function DetailBody({ order, onApply }: { order: OrderDetail; onApply: (order: OrderDetail) => void }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const column = phone ? 1 : 2;
  return (
    <>
      <section aria-label="订单信息">
        <Descriptions column={column} size="small" bordered items={orderItems(order, onApply)} />
      </section>
      <section aria-label="支付记录" className="uc-shop-detail-section">
        <Typography.Title level={5}>支付记录</Typography.Title>
        {order.attempts.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
        ) : (
          <MoneyList
            records={order.attempts}
            line={(attempt) => ({
              title: `第 ${attempt.seq} 次 · ${channelText(attempt.channel)} · ${ATTEMPT_STATUS_TEXT[attempt.status]}`,
              description: attempt.paid_at
                ? `支付时间：${shanghaiMinute(attempt.paid_at)}`
                : `发起时间：${shanghaiMinute(attempt.created_at)}`,
            })}
          />
        )}
      </section>
      {order.refunds.length > 0 && <RefundsSection order={order} />}
      <section aria-label="开通结果" className="uc-shop-detail-section">
        <Typography.Title level={5}>开通结果</Typography.Title>
        {order.change ? (
          <Descriptions column={column} size="small" bordered items={changeItems(order.change)} />
        ) : order.grant ? (
          <Descriptions column={column} size="small" bordered items={grantItems(order.grant)} />
        ) : (
          <Typography.Text type="secondary">订单支付后开通</Typography.Text>
        )}
      </section>
    </>
  );
}

/** `outTradeNo` null: closed. */
export function OrderDetailDrawer({
  outTradeNo,
  onClose,
  onApplyInvoice,
}: {
  outTradeNo: string | null;
  onClose: () => void;
  /** 申请发票 of the order shown (the dialog opens over the drawer). */
  onApplyInvoice: (order: OrderDetail) => void;
}) {
  const userId = useAuthStore((s) => s.id);
  const phone = useMediaQuery(PHONE_QUERY);
  const query = useOrderDetail(userId, outTradeNo);
  const { pathname, search } = useLocation();
  return (
    <Drawer
      open={outTradeNo !== null}
      onClose={onClose}
      size={phone ? '100%' : 640}
      title="订单详情"
      destroyOnHidden
      data-testid="order-detail"
      extra={
        outTradeNo && (
          // A question about this order: 提交工单 with the order and the page it was asked from.
          <LinkButton
            size="small"
            icon={<CustomerServiceOutlined />}
            to={ticketNewPath({ from: `${pathname}${search}`, orderNo: outTradeNo, category: 'payment' })}
          >
            提交工单
          </LinkButton>
        )
      }
    >
      {query.isError ? (
        <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <DetailBody order={query.data} onApply={onApplyInvoice} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Drawer>
  );
}
