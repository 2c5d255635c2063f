// How an order's state and payment channel read on 我的订单 and in its detail.
import type { AttemptStatus, OrderStatus } from '@uc/shared';
import { Tag } from 'antd';

const STATUS_TAG: Record<OrderStatus, { text: string; color: string }> = {
  created: { text: '待支付', color: 'orange' },
  paying: { text: '待支付', color: 'orange' },
  paid: { text: '已支付', color: 'green' },
  refunded: { text: '已退款', color: 'default' },
  expired: { text: '已过期', color: 'default' },
  closed: { text: '已关闭', color: 'default' },
  awaiting_transfer: { text: '待转账', color: 'blue' },
};

export const ATTEMPT_STATUS_TEXT: Record<AttemptStatus, string> = {
  open: '待支付',
  paid: '已支付',
  closed: '已关闭',
  failed: '支付失败',
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

export function StatusTag({ status }: { status: OrderStatus }) {
  const tag = STATUS_TAG[status];
  return (
    <Tag color={tag.color} variant="filled">
      {tag.text}
    </Tag>
  );
}
