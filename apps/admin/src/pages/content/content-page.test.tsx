import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ContentItem, MSG, STAFF_API, STAFF_CONTENT_API, type StaffRole } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { httpError, mockApi, requests } from '../../test/api';
import { dialogOpened } from '../../test/dialog';
import { renderConsole, sessionOf } from '../../test/render';

const item = (id: number, over: Partial<ContentItem> = {}): ContentItem => ({
  id,
  type: 'zcdt',
  title: `深圳市数字经济政策 ${id}`,
  dept: '深圳市科技创新委员会',
  city: '440300',
  area: null,
  industry: null,
  publish_at: '2026-11-26T02:00:00.000Z',
  end_at: null,
  state: 'published',
  matched: 3,
  withdrawn_at: null,
  withdraw_reason: null,
  ...over,
});

const pageOf = (list: ContentItem[]) => ({ list, total: list.length, page: 1, size: 20 });

function routes(
  role: StaffRole,
  list: ContentItem[],
  post: Record<string, (b: Record<string, unknown>) => unknown> = {},
) {
  mockApi({
    get: { [STAFF_API.me]: () => sessionOf(role), [STAFF_CONTENT_API.list]: () => pageOf(list) },
    post: { [STAFF_CONTENT_API.list]: (b) => item(9, b as Partial<ContentItem>), ...post },
    put: { '/api/admin/content/1/': () => item(1) },
  });
}

// Antd's tables and modals are slow to render on a busy machine: generous waits.
describe('内容', { timeout: 60_000 }, () => {
  it('lists items with their state and push count', async () => {
    routes('ops', [item(1), item(2, { state: 'scheduled', matched: null, title: '<b>定时</b>' })]);
    renderConsole('/content');
    expect(await screen.findByText('深圳市数字经济政策 1', {}, { timeout: 15_000 })).toBeInTheDocument();
    // User text shows as text, never as HTML.
    expect(screen.getByText('<b>定时</b>')).toBeInTheDocument();
    expect(screen.getByText('待发布')).toBeInTheDocument();
    expect(screen.getByText('未推送')).toBeInTheDocument();
    expect(screen.getAllByText('深圳市').length).toBeGreaterThan(0);
  });

  it('publishes a new item now', async () => {
    routes('ops', []);
    renderConsole('/content');
    await userEvent.click(
      await screen.findByText(/^新\s?建$/, { selector: 'button span' }, { timeout: 15_000 }),
    );
    const dialog = await dialogOpened();
    // The type select.
    const [typeSelect] = within(dialog).getAllByRole('combobox');
    if (!typeSelect) throw new Error('no type select');
    await userEvent.click(typeSelect);
    await userEvent.click(await screen.findByTitle('政策动态'));
    fireEvent.change(within(dialog).getByPlaceholderText('政策标题'), { target: { value: '新政策' } });
    fireEvent.change(within(dialog).getByPlaceholderText('如 深圳市科技创新委员会'), {
      target: { value: '市工信局' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    await waitFor(() => expect(requests('post', STAFF_CONTENT_API.list)).toHaveLength(1));
    expect(requests('post', STAFF_CONTENT_API.list)[0]?.body).toEqual({
      type: 'zcdt',
      title: '新政策',
      dept: '市工信局',
      city: null,
      area: null,
      industry: null,
      publish_at: null,
      end_at: null,
    });
  });

  it('shows the server’s refusal', async () => {
    routes('ops', [item(1)], {
      '/api/admin/content/1/withdraw/': () => httpError(400, MSG.contentWithdrawn, 10001),
    });
    renderConsole('/content');
    await screen.findByText('深圳市数字经济政策 1', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByText(/^撤\s?回$/, { selector: 'button span' }));
    const dialog = await dialogOpened();
    fireEvent.change(within(dialog).getByLabelText('撤回原因'), { target: { value: '信息有误' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /撤\s*回/ }));
    expect(await screen.findByText(MSG.contentWithdrawn)).toBeInTheDocument();
    expect(requests('post', '/api/admin/content/1/withdraw/')[0]?.body).toEqual({ reason: '信息有误' });
  });

  it('previews an item as plain text', async () => {
    routes('service', [item(1, { end_at: '2026-12-31T08:00:00.000Z' })]);
    renderConsole('/content');
    await screen.findByText('深圳市数字经济政策 1', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByText(/^预\s?览$/, { selector: 'button span' }));
    const drawer = await dialogOpened();
    expect(within(drawer).getByText('订阅项目列表')).toBeInTheDocument();
    expect(within(drawer).getAllByText('2026-12-31').length).toBeGreaterThan(0);
  });

  it('hides 新建, 编辑 and 撤回 from a role without content.write', async () => {
    routes('service', [item(1)]);
    renderConsole('/content');
    await screen.findByText('深圳市数字经济政策 1', {}, { timeout: 15_000 });
    expect(screen.queryByText(/^新\s?建$/, { selector: 'button span' })).toBeNull();
    expect(screen.queryByText(/^编\s?辑$/, { selector: 'button span' })).toBeNull();
    expect(screen.queryByText(/^撤\s?回$/, { selector: 'button span' })).toBeNull();
  });
});
