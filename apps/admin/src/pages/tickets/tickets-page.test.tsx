import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STAFF_API, STAFF_TICKETS_API, type StaffTicketDetail, type StaffTicketItem } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { dialogOpened } from '../../test/dialog';
import { renderConsole, sessionOf } from '../../test/render';

const item = (over: Partial<StaffTicketItem> = {}): StaffTicketItem => ({
  id: 5,
  no: 'GD202611290001',
  category: 'payment',
  title: '微信支付成功但会员没有开通',
  status: 'open',
  user_id: 12,
  username: 'demosub01',
  owner_id: 7,
  owner_username: 'demouser',
  created_at: '2026-11-29T02:00:00.000Z',
  updated_at: '2026-11-29T02:00:00.000Z',
  waiting_since: '2026-11-29T02:00:00.000Z',
  rating: null,
  ...over,
});

const detail = (over: Partial<StaffTicketDetail> = {}): StaffTicketDetail => ({
  ...item(),
  page: '/usercenter/order/list',
  order_no: 'CCW20261129000001',
  rating_comment: null,
  closed_at: null,
  messages: [
    {
      id: 1,
      from: 'member',
      author: 'demosub01',
      content: '微信支付成功但会员没有开通',
      attachments: [{ id: 11, name: '支付截图.png', size: 20480, mime: 'image/png' }],
      created_at: '2026-11-29T02:00:00.000Z',
      staff_username: null,
    },
  ],
  events: [{ id: 1, at: '2026-11-29T02:00:00.000Z', action: 'open', actor: '会员 demosub01', detail: '' }],
  ...over,
});
const pageOf = (list: StaffTicketItem[]) => ({ list, total: list.length, page: 1, size: 20 });

describe('工单', () => {
  it('lists the queue, opens a ticket with its history and answers it, closing it', async () => {
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('service'),
        [STAFF_TICKETS_API.list]: () => pageOf([item()]),
        '/api/admin/tickets/5/': () => detail(),
      },
      post: { '/api/admin/tickets/5/reply/': () => detail({ status: 'closed' }) },
    });
    renderConsole('/tickets');
    const row = (await screen.findByText('GD202611290001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('（demouser）')).toBeInTheDocument();
    expect(within(row).getByText('待处理')).toBeInTheDocument();

    fireEvent.click(within(row).getByLabelText('处理工单 GD202611290001'));
    const drawer = await dialogOpened();
    expect(await within(drawer).findByText('CCW20261129000001')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('下载附件 支付截图.png')).toBeInTheDocument();
    expect(within(drawer).getByText('提交工单')).toBeInTheDocument();

    fireEvent.change(within(drawer).getByLabelText('回复内容'), {
      target: { value: '您好，已为您补开通会员。' },
    });
    fireEvent.click(within(drawer).getByLabelText('回复并关闭'));
    fireEvent.click(within(drawer).getByText('发送回复').closest('button') as HTMLElement);
    await waitFor(() => expect(requests('post', '/api/admin/tickets/5/reply/')).toHaveLength(1));
    expect(requests('post', '/api/admin/tickets/5/reply/')[0]?.body).toEqual({
      content: '您好，已为您补开通会员。',
      close: true,
      attachments: [],
    });
  });

  it('lets a role that may only read see the ticket without a reply box', async () => {
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('ops'),
        [STAFF_TICKETS_API.list]: () => pageOf([item()]),
        '/api/admin/tickets/5/': () => detail(),
      },
    });
    renderConsole('/tickets');
    fireEvent.click(await screen.findByLabelText('处理工单 GD202611290001'));
    const drawer = await dialogOpened();
    expect(await within(drawer).findByText('CCW20261129000001')).toBeInTheDocument();
    expect(within(drawer).queryByLabelText('回复内容')).not.toBeInTheDocument();
  });
});
