import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INBOX_API, type InboxMessage, type InboxUnreadCount } from '@uc/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { PHONE_QUERY } from '../../lib/ui/use-media-query';
import { mockApi, requests } from '../../test/api';
import { stubMatchMedia } from '../../test/media';
import { renderApp, routerPath } from '../../test/render';
import { signIn } from '../../test/session';
import { MessageBell } from './components/message-bell';
import { MessageListPage } from './message-list-page';

const wideMatchMedia = window.matchMedia;

afterEach(() => {
  window.matchMedia = wideMatchMedia;
});

const message = (over: Partial<InboxMessage>): InboxMessage => ({
  id: 1,
  kind: 'policy',
  title: '深圳市数字经济专项资金申报通知',
  body: '有新发布的政策匹配您的推送设置，点击标题查看详情。',
  link: '/policy/detail?id=9',
  read: false,
  created_at: '2026-11-27T06:00:00.000Z',
  ...over,
});

const MESSAGES: InboxMessage[] = [
  message({}),
  message({
    id: 2,
    kind: 'security',
    title: '账号在其他设备登录',
    body: '您的账号于2026-11-27 13:00在其他设备登录',
    link: '/account/safe',
    read: true,
  }),
  message({ id: 3, kind: 'system', title: '欢迎使用查策网会员中心', body: '', link: '' }),
];

const page = (list: InboxMessage[], total = list.length) => ({ list, total, page: 1, size: 10 });
const count = (total: number): InboxUnreadCount => ({
  total,
  by_kind: { policy: total, order: 0, invoice: 0, security: 0, team: 0, system: 0, reminder: 0, ticket: 0 },
});

describe('消息中心', () => {
  it('lists the messages with kind, time, unread dot and links; filters by 未读 and kind', async () => {
    signIn();
    mockApi({
      get: {
        [INBOX_API.list]: (query) =>
          query.status === 'unread' ? page(MESSAGES.filter((m) => !m.read)) : page(MESSAGES),
        [INBOX_API.unreadCount]: () => count(2),
      },
    });
    renderApp(<MessageListPage title="消息中心" />, { at: '/message/list' });
    const list = await screen.findByRole('list', { name: '消息列表' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('政策推送');
    expect(items[0]).toHaveTextContent('2026-11-27 14:00');
    expect(within(items[0] as HTMLElement).getByLabelText('未读')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('link', { name: MESSAGES[0]?.title })).toHaveAttribute(
      'href',
      '/policy/detail?id=9',
    );
    expect(items[1]).toHaveTextContent('账号安全');
    expect(within(items[1] as HTMLElement).queryByLabelText('未读')).not.toBeInTheDocument();
    expect(
      within(items[1] as HTMLElement).queryByRole('button', { name: '标记已读' }),
    ).not.toBeInTheDocument();
    // Without a link the title is text.
    expect(within(items[2] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: '未读（2）' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: '未读（2）' }));
    await waitFor(() => expect(routerPath()).toBe('/message/list?status=unread'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: '消息列表' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(requests('get', INBOX_API.list).at(-1)?.query).toMatchObject({ status: 'unread', page: '1' });

    await userEvent.click(screen.getByRole('combobox', { name: '消息类型' }));
    await userEvent.click(await screen.findByTitle('账号安全'));
    await waitFor(() =>
      expect(requests('get', INBOX_API.list).at(-1)?.query).toMatchObject({ kind: 'security' }),
    );
    expect(routerPath()).toBe('/message/list?status=unread&kind=security');
  });

  it('marks one read, all read, and deletes after confirming', async () => {
    signIn();
    let unread = 2;
    mockApi({
      get: { [INBOX_API.list]: () => page(MESSAGES), [INBOX_API.unreadCount]: () => count(unread) },
      post: {
        [INBOX_API.read]: () => ({ count: 1 }),
        [INBOX_API.readAll]: () => {
          unread = 0;
          return { count: 1 };
        },
        [INBOX_API.delete]: () => ({ count: 1 }),
      },
    });
    renderApp(<MessageListPage title="消息中心" />, { at: '/message/list' });
    const list = await screen.findByRole('list', { name: '消息列表' });
    const [first] = within(list).getAllByRole('listitem');
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: '标记已读' }));
    await waitFor(() => expect(requests('post', INBOX_API.read)).toHaveLength(1));
    expect(requests('post', INBOX_API.read)[0]?.body).toEqual({ ids: [1] });

    await userEvent.click(
      within(first as HTMLElement).getByRole('button', { name: `删除消息 ${MESSAGES[0]?.title}` }),
    );
    expect(requests('post', INBOX_API.delete)).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: '删除' }));
    await waitFor(() => expect(requests('post', INBOX_API.delete)[0]?.body).toEqual({ ids: [1] }));

    await userEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(requests('post', INBOX_API.readAll)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: '全部已读' })).toBeDisabled());
  });

  it('says 暂无数据 when there is nothing, also on a phone', async () => {
    stubMatchMedia((query) => query === PHONE_QUERY);
    signIn();
    mockApi({ get: { [INBOX_API.list]: () => page([]), [INBOX_API.unreadCount]: () => count(0) } });
    renderApp(<MessageListPage title="消息中心" />, { at: '/message/list' });
    // The empty state (antd also names its picture 暂无数据).
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('list', { name: '消息列表' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '全部已读' })).toBeDisabled();
  });
});

describe('the header bell', () => {
  it('shows the unread count and opens the latest unread with 查看全部', async () => {
    signIn();
    mockApi({
      get: {
        [INBOX_API.unreadCount]: () => count(3),
        [INBOX_API.list]: () => page([MESSAGES[0] as InboxMessage], 3),
      },
    });
    renderApp(<MessageBell />, { at: '/dashboard' });
    const bell = await screen.findByRole('button', { name: '消息中心，3条未读' });
    await userEvent.click(bell);
    const latest = await screen.findByRole('list', { name: '最新未读消息' });
    expect(latest).toHaveTextContent(MESSAGES[0]?.title ?? '');
    expect(requests('get', INBOX_API.list).at(-1)?.query).toMatchObject({ status: 'unread', size: '5' });
    await userEvent.click(screen.getByRole('link', { name: '查看全部' }));
    await waitFor(() => expect(routerPath()).toBe('/message/list'));
  });
});
