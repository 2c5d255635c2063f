// An order's state as a coloured tag (the console's names from @uc/shared ORDER_STATUS_TEXT).
import { ORDER_STATUS_TEXT, type OrderStatus } from '@uc/shared';
import { Tag } from 'antd';

const COLOR: Record<OrderStatus, string> = {
  created: 'default',
  paying: 'processing',
  paid: 'success',
  expired: 'default',
  closed: 'default',
  awaiting_transfer: 'blue',
  refunded: 'warning',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={COLOR[status]}>{ORDER_STATUS_TEXT[status]}</Tag>;
}
