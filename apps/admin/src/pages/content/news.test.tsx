// 内容 › 新闻: the tab lists articles with their state, refuses a new one without a body, saves an edited one (its body
// in the rich text editor, checked by the sanitizer first), withdraws with a reason, previews the body as the sanitized
// HTML it is, and hides the changing actions from a role without content.write.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MSG,
  STAFF_API,
  STAFF_CONTENT_API,
  STAFF_NEWS_API,
  type StaffNewsArticle,
  type StaffRole,
} from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { dialogOpened } from '../../test/dialog';
import { renderConsole, sessionOf } from '../../test/render';

const article = (id: number, over: Partial<StaffNewsArticle> = {}): StaffNewsArticle => ({
  id,
  guid: `guid${id}`,
  title: `深圳发布数字经济行动计划 ${id}`,
  source: '深圳市人民政府',
  content: '<p>第一段 <strong>加粗</strong></p><p>第二段</p>',
  publish_at: '2026-11-26T02:00:00.000Z',
  state: 'published',
  withdrawn_at: null,
  withdraw_reason: null,
  ...over,
});

const pageOf = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 20 });

function routes(role: StaffRole, list: StaffNewsArticle[]) {
  mockApi({
    get: {
      [STAFF_API.me]: () => sessionOf(role),
      [STAFF_CONTENT_API.list]: () => pageOf([]),
      [STAFF_NEWS_API.list]: () => pageOf(list),
    },
    put: { '/api/admin/content/news/1/': (b) => article(1, b as Partial<StaffNewsArticle>) },
    post: {
      [STAFF_CONTENT_API.sanitize]: (b) => ({ content: (b as { content: string }).content, removed: [] }),
      [STAFF_NEWS_API.list]: (b) => article(9, b as Partial<StaffNewsArticle>),
      '/api/admin/content/news/1/withdraw/': () => article(1, { state: 'withdrawn' }),
    },
  });
}

async function openNewsTab() {
  renderConsole('/content');
  await userEvent.click(await screen.findByText('新闻', { selector: '[role="tab"]' }, { timeout: 15_000 }));
}

// Antd's tables and modals are slow to render on a busy machine: generous waits.
describe('内容 › 新闻', { timeout: 60_000 }, () => {
  it('lists articles with their state, beside the 政策 tab', async () => {
    routes('ops', [article(1), article(2, { state: 'scheduled', title: '<i>定时</i>' })]);
    await openNewsTab();
    expect(
      await screen.findByText('深圳发布数字经济行动计划 1', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('<i>定时</i>')).toBeInTheDocument();
    expect(screen.getAllByText('待发布').length).toBeGreaterThan(0);
    expect(screen.getByText('政策', { selector: '[role="tab"]' })).toBeInTheDocument();
  });

  it('refuses a new article without a body', async () => {
    routes('ops', []);
    await openNewsTab();
    await userEvent.click(
      await screen.findByText(/^新\s?建$/, { selector: 'button span' }, { timeout: 15_000 }),
    );
    const dialog = await dialogOpened();
    fireEvent.change(within(dialog).getByPlaceholderText('新闻标题'), { target: { value: '新的新闻' } });
    fireEvent.change(within(dialog).getByPlaceholderText('如 深圳市人民政府'), {
      target: { value: '市政府' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    expect(await within(dialog).findByText(MSG.newsContentRequired)).toBeInTheDocument();
    expect(requests('post', STAFF_NEWS_API.list)).toHaveLength(0);
  });

  it('saves an edited article with its body, after the sanitizer check', async () => {
    routes('ops', [article(1)]);
    await openNewsTab();
    await screen.findByText('深圳发布数字经济行动计划 1', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByText(/^编\s?辑$/, { selector: 'button span' }));
    const dialog = await dialogOpened();
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(requests('put', '/api/admin/content/news/1/')).toHaveLength(1));
    expect(requests('post', STAFF_CONTENT_API.sanitize)).toHaveLength(1);
    expect(requests('put', '/api/admin/content/news/1/')[0]?.body).toMatchObject({
      title: '深圳发布数字经济行动计划 1',
      content: '<p>第一段 <strong>加粗</strong></p><p>第二段</p>',
    });
  });

  it('withdraws with a reason', async () => {
    routes('ops', [article(1)]);
    await openNewsTab();
    await screen.findByText('深圳发布数字经济行动计划 1', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByText(/^撤\s?回$/, { selector: 'button span' }));
    const dialog = await dialogOpened();
    fireEvent.change(within(dialog).getByLabelText('撤回原因'), { target: { value: '信息有误' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /撤\s*回/ }));
    await waitFor(() => expect(requests('post', '/api/admin/content/news/1/withdraw/')).toHaveLength(1));
    expect(requests('post', '/api/admin/content/news/1/withdraw/')[0]?.body).toEqual({ reason: '信息有误' });
  });

  it('previews the body as its sanitized HTML; no write actions without content.write', async () => {
    routes('service', [article(1)]);
    await openNewsTab();
    await screen.findByText('深圳发布数字经济行动计划 1', {}, { timeout: 15_000 });
    expect(screen.queryByText(/^新\s?建$/, { selector: 'button span' })).toBeNull();
    expect(screen.queryByText(/^编\s?辑$/, { selector: 'button span' })).toBeNull();
    expect(screen.queryByText(/^撤\s?回$/, { selector: 'button span' })).toBeNull();
    await userEvent.click(screen.getByText(/^预\s?览$/, { selector: 'button span' }));
    const drawer = await dialogOpened();
    expect(within(drawer).getByText('加粗').tagName).toBe('STRONG');
    expect(within(drawer).getByText('第二段')).toBeInTheDocument();
    expect(within(drawer).getByText(/来源：深圳市人民政府/)).toBeInTheDocument();
  });
});
