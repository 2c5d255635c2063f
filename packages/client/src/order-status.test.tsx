import { cleanup, render, screen } from '@testing-library/react';
import type { OrderStatus } from '@uc/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderStatusTag, orderStatusLook } from './order-status.js';

afterEach(cleanup);

// What each app showed before the tag was shared: a member reads 待支付 until the money has arrived; staff read every
// state apart, as the console's status filter and export name them.
const SHOWN: [OrderStatus, member: string, staff: string][] = [
  ['created', '待支付 orange', '待支付 default'],
  ['paying', '待支付 orange', '支付中 processing'],
  ['paid', '已支付 green', '已支付 success'],
  ['expired', '已过期 default', '已过期 default'],
  ['closed', '已关闭 default', '已关闭 default'],
  ['awaiting_transfer', '待转账 blue', '待转账 blue'],
  ['refunded', '已退款 default', '已退款 warning'],
];

describe('OrderStatusTag', () => {
  it.each(SHOWN)('names and colours %s for a member and for staff', (status, member, staff) => {
    const shown = (look: { text: string; color: string }) => `${look.text} ${look.color}`;
    expect(shown(orderStatusLook(status, 'member'))).toBe(member);
    expect(shown(orderStatusLook(status, 'staff'))).toBe(staff);
  });

  it('draws a filled antd tag of that colour', () => {
    render(<OrderStatusTag status="paying" audience="staff" />);
    const tag = screen.getByText('支付中');
    expect(tag.className).toContain('ant-tag-processing');
    expect(tag.className).toContain('ant-tag-filled');
  });
});
