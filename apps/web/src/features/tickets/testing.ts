// Fixtures of 我的工单's page tests.
import type { TicketDetail, TicketItem } from '@uc/shared';

export const ticketItem = (over: Partial<TicketItem> = {}): TicketItem => ({
  id: 5,
  no: 'GD202611290001',
  category: 'payment',
  title: '微信支付成功但会员没有开通',
  status: 'answered',
  created_at: '2026-11-29T02:00:00.000Z',
  updated_at: '2026-11-29T03:00:00.000Z',
  unread: true,
  creator: 'demouser',
  ...over,
});

export const ticketDetail = (over: Partial<TicketDetail> = {}): TicketDetail => ({
  ...ticketItem(),
  page: '/usercenter/order/list',
  order_no: 'CCW20261129000001',
  rating: null,
  rating_comment: null,
  closed_at: null,
  messages: [
    {
      id: 1,
      from: 'member',
      author: 'demouser',
      content: '微信支付成功但会员没有开通\n订单号 CCW20261129000001',
      attachments: [{ id: 11, name: '支付截图.png', size: 20480, mime: 'image/png' }],
      created_at: '2026-11-29T02:00:00.000Z',
    },
    {
      id: 2,
      from: 'staff',
      author: '客服007',
      content: '您好，已为您补开通会员，请刷新页面查看。',
      attachments: [],
      created_at: '2026-11-29T03:00:00.000Z',
    },
  ],
  ...over,
});
