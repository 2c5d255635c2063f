// An order in the console: the order itself, its payments (支付记录), what the providers told us (渠道通知), the
// membership change its credit made (会员变更) and its refunds (退款记录), with 确认转账 and 退款 for the roles that may.
import { useQuery } from '@tanstack/react-query';
import { OrderStatusTag } from '@uc/client';
import {
  channelText,
  STAFF_CALLS,
  type StaffAttempt,
  type StaffOrderDetail,
  type StaffPaymentEvent,
  type StaffRefund,
  shanghaiSecond,
} from '@uc/shared';
import { Alert, Button, Descriptions, Drawer, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { call } from '../../lib/http';

const when = (at: string | null) => (at ? shanghaiSecond(at) : '—');
const money = (yuan: number) => `¥${yuan.toFixed(2)}`;

const ATTEMPT_TEXT: Record<StaffAttempt['status'], string> = {
  open: '待支付',
  paid: '已支付',
  closed: '已关闭',
  failed: '失败',
};
const REFUND_TEXT: Record<StaffRefund['status'], { text: string; color: string }> = {
  pending: { text: '退款中', color: 'processing' },
  succeeded: { text: '已退款', color: 'success' },
  failed: { text: '失败', color: 'error' },
  closed: { text: '已关闭', color: 'default' },
};

/** What the console calls a recorded event's kind and outcome (the server's codes; an unknown one shows as is). */
const EVENT_KIND_TEXT: Record<string, string> = {
  notification: '支付通知',
  query: '主动查询',
  transfer: '确认转账',
  credit: '抵扣支付',
  card: '兑换卡',
  refund: '退款申请',
  refund_query: '退款查询',
  refund_notification: '退款通知',
};
const EVENT_OUTCOME_TEXT: Record<string, { text: string; color?: string }> = {
  processing: { text: '处理中', color: 'processing' },
  credited: { text: '已入账', color: 'success' },
  credited_late: { text: '逾期入账', color: 'orange' },
  duplicate_event: { text: '重复通知' },
  already_credited: { text: '已入账过' },
  duplicate_payment: { text: '重复支付，待退', color: 'error' },
  stale_payment: { text: '套餐已变，待退', color: 'error' },
  coupon_taken: { text: '优惠券已被占用，待退', color: 'error' },
  amount_mismatch: { text: '金额不符', color: 'error' },
  unknown_trade: { text: '未知交易', color: 'error' },
  rejected: { text: '验签失败', color: 'error' },
  not_paid: { text: '未支付' },
  closed: { text: '已关闭' },
  not_found: { text: '渠道无此交易' },
  refunded: { text: '已退款', color: 'success' },
  failed: { text: '失败', color: 'error' },
  already_settled: { text: '已处理过' },
  unknown_refund: { text: '未知退款', color: 'error' },
};
/** An event's kind; a refund of a transfer was recorded by staff after the bank returned the money. */
const eventKind = (kind: string, e: StaffPaymentEvent) =>
  kind === 'refund' && e.provider === 'transfer' ? '线下退款' : (EVENT_KIND_TEXT[kind] ?? kind);
function EventOutcome({ outcome }: { outcome: string }) {
  const known = EVENT_OUTCOME_TEXT[outcome];
  return <Tag color={known?.color}>{known?.text ?? outcome}</Tag>;
}

export const orderDetailKey = (outTradeNo: string | null) => ['order', outTradeNo] as const;

export interface OrderDetailDrawerProps {
  outTradeNo: string | null;
  onClose: () => void;
  /** The actions the role may take on this order (null: none). */
  actions: (detail: StaffOrderDetail) => ReactNode;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </div>
  );
}

export function OrderDetailDrawer({ outTradeNo, onClose, actions }: OrderDetailDrawerProps) {
  const query = useQuery({
    queryKey: orderDetailKey(outTradeNo),
    queryFn: () => call(STAFF_CALLS.orders.detail, { id: outTradeNo ?? '' }),
    enabled: outTradeNo !== null,
  });
  const detail = query.data;

  return (
    <Drawer
      open={outTradeNo !== null}
      title={`订单详情 ${outTradeNo ?? ''}`}
      size={960}
      onClose={onClose}
      destroyOnHidden
      extra={detail ? <Space>{actions(detail)}</Space> : null}
    >
      {query.isLoading && <Spin />}
      {query.error && <Alert type="error" title={query.error.message} />}
      {detail && <DetailBody detail={detail} />}
    </Drawer>
  );
}

function DetailBody({ detail }: { detail: StaffOrderDetail }) {
  const { order } = detail;
  return (
    <>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label="订单号">{order.out_trade_no}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <OrderStatusTag status={order.status} audience="staff" />
          {order.paid_late && <Tag color="orange">逾期支付</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="会员">
          {order.username} <Typography.Text type="secondary">#{order.user_id}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="手机">{order.mobile ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="公司">{order.company_name || '—'}</Descriptions.Item>
        <Descriptions.Item label="套餐">
          {order.plan_name || `#${order.gid}`} × {order.count}
        </Descriptions.Item>
        <Descriptions.Item label="金额">
          {money(order.amount)}
          <Typography.Text type="secondary">
            {' '}
            （原价 {money(order.total)}，抵扣 {money(order.credit)}，优惠券 {money(order.coupon)}）
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="渠道">{channelText(order.channel)}</Descriptions.Item>
        <Descriptions.Item label="下单时间">{when(order.created_at)}</Descriptions.Item>
        <Descriptions.Item label="支付时间">{when(order.paid_at)}</Descriptions.Item>
        <Descriptions.Item label="支付截止">{when(order.late_time)}</Descriptions.Item>
        <Descriptions.Item label="待退金额">
          {order.owed > 0 ? <Typography.Text type="danger">{money(order.owed)}</Typography.Text> : '—'}
        </Descriptions.Item>
      </Descriptions>

      <Section title="支付记录">
        <Table<StaffAttempt>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={detail.attempts}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="暂无支付记录" /> }}
          columns={[
            { title: '#', dataIndex: 'seq', width: 48 },
            { title: '交易号', dataIndex: 'trade_no' },
            { title: '渠道', dataIndex: 'channel', render: (c: string) => channelText(c) },
            { title: '金额', dataIndex: 'amount', render: money },
            { title: '状态', dataIndex: 'status', render: (s: StaffAttempt['status']) => ATTEMPT_TEXT[s] },
            { title: '已退', dataIndex: 'refunded', render: (v: number) => (v > 0 ? money(v) : '—') },
            { title: '支付时间', dataIndex: 'paid_at', render: when },
          ]}
        />
      </Section>

      <Section title="渠道通知">
        <Table<StaffPaymentEvent>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={detail.events}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="暂无渠道通知" /> }}
          columns={[
            { title: '时间', dataIndex: 'created_at', render: when, width: 170 },
            { title: '来源', dataIndex: 'provider', render: (p: string) => channelText(p) },
            { title: '类型', dataIndex: 'kind', render: eventKind },
            { title: '交易号', dataIndex: 'trade_no', render: (v: string | null) => v ?? '—' },
            {
              title: '金额',
              dataIndex: 'amount',
              render: (v: number | null) => (v === null ? '—' : money(v)),
            },
            { title: '结果', dataIndex: 'outcome', render: (v: string) => <EventOutcome outcome={v} /> },
          ]}
        />
      </Section>

      <Section title="会员变更">
        {detail.membership ? (
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="套餐">
              {detail.membership.gid_before ?? '—'} → {detail.membership.gid_after ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label="等级">
              {detail.membership.level_before} → {detail.membership.level_after}
            </Descriptions.Item>
            <Descriptions.Item label="到期时间" span={2}>
              {when(detail.membership.expiry_before)} → {when(detail.membership.expiry_after)}
            </Descriptions.Item>
            {detail.membership.api_calls_added > 0 && (
              <Descriptions.Item label="API 次数">+{detail.membership.api_calls_added}</Descriptions.Item>
            )}
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">该订单未改变会员套餐</Typography.Text>
        )}
      </Section>

      <Section title="退款记录">
        <Table<StaffRefund>
          rowKey="refund_no"
          size="small"
          pagination={false}
          dataSource={detail.refunds}
          // A phone scrolls each table sideways rather than wrapping its numbers a character a line.
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="暂无退款" /> }}
          columns={[
            { title: '退款单号', dataIndex: 'refund_no' },
            { title: '金额', dataIndex: 'amount', render: money },
            { title: '全额', dataIndex: 'whole', render: (w: boolean) => (w ? '是' : '否') },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: StaffRefund['status']) => (
                <Tag color={REFUND_TEXT[s].color}>{REFUND_TEXT[s].text}</Tag>
              ),
            },
            { title: '原因', dataIndex: 'reason' },
            {
              title: '银行流水号',
              dataIndex: 'bank_ref',
              render: (ref: string | null, r) => (ref ? `${ref}（${r.refunded_on ?? ''}）` : '原路退回'),
            },
            { title: '申请时间', dataIndex: 'created_at', render: when },
          ]}
        />
      </Section>
    </>
  );
}

export function DetailButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="link" size="small" onClick={onClick}>
      详情
    </Button>
  );
}
