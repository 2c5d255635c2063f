// An order's state as a coloured tag, as each app names it. The member app says 待支付 until the money has arrived and
// colours what still asks something of the member; the console names every state apart (支付中, 已退款, the names of
// its status filter and export, ORDER_STATUS_TEXT of @uc/shared) in antd's status colours.
import { ORDER_STATUS_TEXT, type OrderStatus } from '@uc/shared';
import { Tag } from 'antd';

/** Who reads the tag: a member on 我的订单, or staff in the console. */
export type OrderStatusAudience = 'member' | 'staff';

interface StatusLook {
  text: string;
  color: string;
}

const MEMBER: Record<OrderStatus, StatusLook> = {
  created: { text: '待支付', color: 'orange' },
  paying: { text: '待支付', color: 'orange' },
  paid: { text: '已支付', color: 'green' },
  refunded: { text: '已退款', color: 'default' },
  expired: { text: '已过期', color: 'default' },
  closed: { text: '已关闭', color: 'default' },
  awaiting_transfer: { text: '待转账', color: 'blue' },
};

const STAFF_COLOR: Record<OrderStatus, string> = {
  created: 'default',
  paying: 'processing',
  paid: 'success',
  expired: 'default',
  closed: 'default',
  awaiting_transfer: 'blue',
  refunded: 'warning',
};

/** The tag's text and colour for one audience. */
export function orderStatusLook(status: OrderStatus, audience: OrderStatusAudience): StatusLook {
  return audience === 'member'
    ? MEMBER[status]
    : { text: ORDER_STATUS_TEXT[status], color: STAFF_COLOR[status] };
}

export function OrderStatusTag({ status, audience }: { status: OrderStatus; audience: OrderStatusAudience }) {
  const look = orderStatusLook(status, audience);
  return (
    <Tag color={look.color} variant="filled">
      {look.text}
    </Tag>
  );
}
