import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, TICKET_API, type TicketDetail } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, refuse, requests } from '../../test/api';
import { renderApp, routerPath } from '../../test/render';
import { signIn } from '../../test/session';
import { ticketDetail, ticketItem } from './testing';
import { TicketDetailPage } from './ticket-detail-page';
import { TicketListPage } from './ticket-list-page';
import { TicketNewPage } from './ticket-new-page';

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 10 });
const DETAIL = '/api/ccw/tickets/5/';

describe('我的工单', () => {
  it('lists the team’s tickets with 提交人, the unread dot, and filters by status tab', async () => {
    signIn();
    mockApi({
      get: {
        [TICKET_API.list]: (q) =>
          page(
            q.status === 'closed'
              ? []
              : [
                  ticketItem(),
                  ticketItem({
                    id: 6,
                    no: 'GD202611290002',
                    unread: false,
                    creator: 'demosub01',
                    status: 'open',
                  }),
                ],
          ),
      },
    });
    renderApp(<TicketListPage title="我的工单" />, { at: '/ticket/list' });
    const table = await screen.findByRole('table', { name: '工单列表' });
    expect(within(table).getByRole('columnheader', { name: '提交人' })).toBeInTheDocument();
    expect(within(table).getByText('demosub01')).toBeInTheDocument();
    expect(within(table).getAllByLabelText('有新回复')).toHaveLength(1);
    expect(within(table).getAllByRole('link', { name: '微信支付成功但会员没有开通' })[0]).toHaveAttribute(
      'href',
      '/ticket/detail?id=5',
    );
    expect(screen.getByRole('link', { name: /提交工单/ })).toHaveAttribute('href', '/ticket/new');

    await userEvent.click(screen.getByRole('tab', { name: '已关闭' }));
    await waitFor(() => expect(routerPath()).toBe('/ticket/list?status=closed'));
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
    expect(requests('get', TICKET_API.list).at(-1)?.query).toMatchObject({ status: 'closed', page: '1' });
  });

  it('shows a sub-account no 提交人 column', async () => {
    signIn({ name: 'demosub01', roles: ['member', 'sub'] });
    mockApi({ get: { [TICKET_API.list]: () => page([ticketItem()]) } });
    renderApp(<TicketListPage title="我的工单" />, { at: '/ticket/list' });
    const table = await screen.findByRole('table', { name: '工单列表' });
    expect(within(table).queryByRole('columnheader', { name: '提交人' })).not.toBeInTheDocument();
  });
});

describe('提交工单', () => {
  it('sends the category, the description, the uploaded attachment, the page and the order, then opens the ticket', async () => {
    signIn();
    let created: Record<string, unknown> = {};
    mockApi({
      post: {
        [TICKET_API.files]: () => ({ id: 31, name: 'shot.png', size: 68, mime: 'image/png' }),
        [TICKET_API.list]: (body) => {
          created = body;
          return ticketDetail({ status: 'open' });
        },
      },
      get: { [DETAIL]: () => ticketDetail() },
    });
    renderApp(<TicketNewPage title="提交工单" />, {
      at: '/ticket/new?from=%2Forder%2Flist&order_no=CCW20261129000001&category=payment',
    });
    expect(await screen.findByText('会员与支付')).toBeInTheDocument();
    expect(screen.getByLabelText('相关订单')).toHaveValue('CCW20261129000001');
    expect(screen.getByLabelText('来源页面')).toHaveTextContent('/usercenter/order/list');

    // Too short: the shared rule's message, nothing sent.
    await userEvent.type(screen.getByLabelText('问题描述'), '不行');
    await userEvent.click(screen.getByRole('button', { name: '提交工单' }));
    expect(await screen.findByText(MSG.ticketContentLength)).toBeInTheDocument();
    expect(requests('post', TICKET_API.list)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('问题描述'), '，微信支付成功但会员没有开通');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, png);
    await waitFor(() => expect(requests('post', TICKET_API.files)).toHaveLength(1));
    expect(requests('post', TICKET_API.files)[0]?.body.file).toMatchObject({ type: 'image/png' });
    await userEvent.click(await screen.findByRole('button', { name: '提交工单' }));
    await waitFor(() => expect(routerPath()).toBe('/ticket/detail?id=5'));
    expect(created).toEqual({
      category: 'payment',
      content: '不行，微信支付成功但会员没有开通',
      attachments: [31],
      page: '/usercenter/order/list',
      order_no: 'CCW20261129000001',
    });
  });

  it('keeps a refused attachment in the list with the server’s reason and sends without it', async () => {
    signIn();
    mockApi({ post: { [TICKET_API.files]: () => refuse(400, '附件不能超过10MB') } });
    renderApp(<TicketNewPage title="提交工单" />, { at: '/ticket/new' });
    const input =
      (await screen.findByLabelText('问题描述')) &&
      (document.querySelector('input[type=file]') as HTMLInputElement);
    await userEvent.upload(input, new File(['x'], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('big.pdf：附件不能超过10MB');
  });
});

describe('工单详情', () => {
  it('shows the conversation with 客服 marked, sends a reply and downloads an attachment', async () => {
    signIn();
    let replied: Record<string, unknown> = {};
    mockApi({
      get: {
        [DETAIL]: () => ticketDetail(),
      },
      post: {
        '/api/ccw/tickets/5/reply/': (body) => {
          replied = body;
          return ticketDetail({ status: 'open' });
        },
      },
    });
    renderApp(<TicketDetailPage title="工单详情" />, { at: '/ticket/detail?id=5' });
    const thread = await screen.findByRole('list', { name: '工单对话' });
    const [first, second] = within(thread).getAllByRole('listitem');
    expect(first).toHaveTextContent('订单号 CCW20261129000001');
    expect(second).toHaveTextContent('客服');
    expect(second).toHaveTextContent('客服007');
    expect(screen.getByText('CCW20261129000001')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: '下载附件 支付截图.png' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('补充说明'), '已刷新，可以了，谢谢');
    await userEvent.click(screen.getByRole('button', { name: '发送回复' }));
    await waitFor(() => expect(replied).toEqual({ content: '已刷新，可以了，谢谢', attachments: [] }));
  });

  it('closes with a confirmation and a rating; a closed ticket is read-only', async () => {
    signIn();
    let current: TicketDetail = ticketDetail();
    mockApi({
      get: { [DETAIL]: () => current },
      post: {
        '/api/ccw/tickets/5/close/': (body) => {
          current = ticketDetail({
            status: 'closed',
            rating: body.rating as number,
            closed_at: '2026-11-29T04:00:00.000Z',
          });
          return current;
        },
      },
    });
    renderApp(<TicketDetailPage title="工单详情" />, { at: '/ticket/detail?id=5' });
    await userEvent.click(await screen.findByRole('button', { name: '关闭工单' }));
    const dialog = await screen.findByRole('dialog', { name: '关闭工单' });
    const stars = within(dialog).getAllByRole('radio');
    await userEvent.click(stars[4] as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: '确认关闭' }));
    await waitFor(() =>
      expect(requests('post', '/api/ccw/tickets/5/close/')[0]?.body).toEqual({ rating: 5 }),
    );
    expect(await screen.findByText('工单已关闭，如有新问题请提交新工单')).toBeInTheDocument();
    expect(screen.queryByLabelText('补充说明')).not.toBeInTheDocument();
  });

  it('says a ticket of someone else is not found', async () => {
    signIn();
    mockApi({ get: { [DETAIL]: () => refuse(404, MSG.ticketNotFound) } });
    renderApp(<TicketDetailPage title="工单详情" />, { at: '/ticket/detail?id=5' });
    expect(await screen.findByText(MSG.ticketNotFound)).toBeInTheDocument();
  });
});
