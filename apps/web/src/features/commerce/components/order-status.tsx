// How a payment attempt's state and an order's payment channel read on 我的订单 and in its detail (the order's own
// state is the member's OrderStatusTag of @uc/client).
import type { AttemptStatus, RefundStatus } from '@uc/shared';

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
