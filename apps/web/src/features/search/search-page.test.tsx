import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, SEARCH_API, type SearchPage as SearchAnswer, type SearchHit } from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, type RouteHandler, requests } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { HeaderSearch } from './components/header-search';
import { SearchPage } from './search-page';

const hit = (over: Partial<SearchHit> = {}): SearchHit => ({
  type: 'sbtz',
  id: 7,
  title: '关于开展研发费用补助申报的通知',
  title_html: '关于开展<mark>研发费用</mark>补助申报的通知',
  excerpt_html: '…企业上年度<mark>研发费用</mark>加计扣除 &#60;b&#62;…',
  dept: '深圳市科技创新局',
  publish_time: '2026-11-20T02:00:00.000Z',
  end_time: '2026-12-20T09:00:00.000Z',
  url: '/usercenter/policy/detail?id=7',
  ...over,
});

const answerOf = (list: SearchHit[], total = list.length, capped = false): SearchAnswer => ({
  list,
  total,
  page: 1,
  size: 10,
  capped,
});

const answer = (handler: RouteHandler) => mockApi({ get: { [SEARCH_API.search]: handler } });
const asked = () => requests('get', SEARCH_API.search).map((c) => c.query);

function renderPage(at = '/search') {
  return renderApp(<SearchPage />, { path: '/search', at }).router;
}

beforeEach(() => signIn());

describe('SearchPage', () => {
  it('asks nothing without words and says 暂无数据', async () => {
    answer(() => answerOf([]));
    renderPage();
    expect(await screen.findByText(/暂无数据/, { selector: '.ant-empty-description' })).toBeInTheDocument();
    expect(asked()).toEqual([]);
  });

  it('shows the hits with their matched words marked, as text (never as HTML)', async () => {
    answer(() =>
      answerOf([
        hit(),
        hit({
          type: 'news',
          id: 3,
          title: '新规<script>',
          title_html: '新规&#60;script&#62;',
          excerpt_html: '强调<mark>研发费用</mark>归集',
          dept: '新华网',
          end_time: null,
          url: '/news/detail?guid=g3',
        }),
      ]),
    );
    renderPage(`/search?q=${encodeURIComponent('研发费用')}`);
    const list = await screen.findByRole('list', { name: '搜索结果' });
    expect(asked()).toEqual([{ q: '研发费用', page: '1', size: '10' }]);
    const policy = within(list).getByRole('link', { name: '关于开展研发费用补助申报的通知' });
    expect(policy).toHaveAttribute('href', '/policy/detail?id=7');
    expect(policy.querySelector('mark')?.textContent).toBe('研发费用');
    expect(within(list).getByText(/加计扣除 <b>…/)).toBeInTheDocument();
    expect(list.querySelector('b, script')).toBeNull();
    const news = within(list).getByRole('link', { name: '新规<script>' });
    expect(news).toHaveAttribute('href', '/news/detail?guid=g3');
    expect(news).toHaveAttribute('target', '_blank');
    expect(screen.getByText('找到 2 条结果')).toBeInTheDocument();
    expect(screen.getByText('截止 2026-12-20')).toBeInTheDocument();
  });

  it('sends the filters from the URL and changes them there, starting again at page 1', async () => {
    answer(() => answerOf([hit()], 200, true));
    const user = userEvent.setup();
    const router = renderPage(`/search?q=${encodeURIComponent('研发')}&page=2`);
    expect(await screen.findByText('找到 200+ 条结果，可增加关键词或筛选条件缩小范围')).toBeInTheDocument();
    await user.click(screen.getByTitle('申报通知'));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?q=${encodeURIComponent('研发')}&type=sbtz`),
    );
    await user.click(screen.getByRole('switch', { name: '只看申报中' }));
    await waitFor(() =>
      expect(asked().at(-1)).toEqual({ q: '研发', type: 'sbtz', open: '1', page: '1', size: '10' }),
    );
    await user.type(screen.getByRole('searchbox', { name: '发布部门' }), '科技{Enter}');
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ dept: '科技' }));
  });

  it('says what is wrong with the words without asking', async () => {
    answer(() => answerOf([]));
    renderPage(`/search?q=${encodeURIComponent('研 发')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.searchWordTooShort);
    expect(asked()).toEqual([]);
  });

  it('shows 暂无数据 when nothing matches', async () => {
    answer(() => answerOf([]));
    renderPage(`/search?q=${encodeURIComponent('不存在')}`);
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });
});

describe('HeaderSearch', () => {
  it('opens the search page with the words typed', async () => {
    const user = userEvent.setup();
    const router = renderApp(<HeaderSearch phone={false} />, { path: '/dashboard', at: '/dashboard' }).router;
    await user.type(
      screen.getByRole('searchbox', { name: '搜索政策、公示、新闻' }),
      '专精特新 小巨人{Enter}',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('专精特新 小巨人');
  });

  it('is an icon opening the page on a phone', async () => {
    renderApp(<HeaderSearch phone />, { path: '/dashboard', at: '/dashboard' });
    expect(screen.getByRole('link', { name: '搜索' })).toHaveAttribute('href', '/search');
  });
});
