// How a payment attempt's state and an order's payment channel read on 我的订单 and in its detail (the order's own
// state is the member's OrderStatusTag of @uc/client, with why a 已关闭 order was closed).
import { OrderStatusTag } from '@uc/client';
import {
  type AttemptStatus,
  ORDER_CLOSE_REASON_TEXT,
  type OrderListItem,
  type RefundStatus,
} from '@uc/shared';
import { Flex, Typography } from 'antd';

/** The order's state tag; a 已关闭 order says why it was closed (已开通更高套餐，此订单无需支付). */
export function OrderStateTag({ order }: { order: Pick<OrderListItem, 'status' | 'closed_reason'> }) {
  const tag = <OrderStatusTag status={order.status} audience="member" />;
  if (!order.closed_reason) return tag;
  return (
    <Flex vertical align="start" gap={2}>
      {tag}
      <Typography.Text type="secondary" className="uc-shop-small">
        {ORDER_CLOSE_REASON_TEXT[order.closed_reason]}
      </Typography.Text>
    </Flex>
  );
}

export const ATTEMPT_STATUS_TEXT: Record<AttemptStatus, string> = {
  open: '待支付',
  paid: '已支付',
  closed: '已关闭',
  failed: '支付失败',
};

export const REFUND_STATUS_TEXT: Record<RefundStatus, string> = {
  pending: '退款中',
  succeeded: '已退回',
  failed: '退款失败',
  closed: '已关闭',
};

const CHANNEL_TEXT: Record<string, string> = {
  wechat: '微信支付',
  alipay: '支付宝支付',
  transfer: '对公转账',
  sandbox: '模拟支付',
  credit: '无需支付',
  card: '卡券兑换',
};

/** 'wechat' -> 微信支付; none yet -> —. */
export const channelText = (channel: string | null): string =>
  channel ? (CHANNEL_TEXT[channel] ?? channel) : '—';
