import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HELP_API, type HelpArticleItem, MSG } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, refuse, requests } from '../../test/api';
import { renderApp, routerPath } from '../../test/render';
import { HelpArticlePage } from './help-article-page';
import { HelpPage } from './help-page';

const item = (over: Partial<HelpArticleItem>): HelpArticleItem => ({
  id: 1,
  topic: 'account',
  title: '如何用短信验证码登录',
  excerpt: '在登录页选择免密登录，输入手机号并获取验证码……',
  updated_at: '2026-11-29T02:00:00.000Z',
  ...over,
});
const ARTICLES = [
  item({}),
  item({ id: 2, topic: 'invoice', title: '如何申请发票', excerpt: '在我的订单中找到已支付的订单……' }),
];

describe('帮助中心', () => {
  it('groups the articles by topic for a visitor, searches by a fragment and filters by topic', async () => {
    mockApi({
      get: {
        [HELP_API.articles]: (q) => (q.topic === 'api' ? [] : q.q === '发票' ? [ARTICLES[1]] : ARTICLES),
      },
    });
    renderApp(<HelpPage />, { at: '/help' });
    const account = await screen.findByRole('list', { name: '账号与登录' });
    expect(within(account).getByRole('link', { name: '如何用短信验证码登录' })).toHaveAttribute(
      'href',
      '/help/article?id=1',
    );
    expect(screen.getByRole('list', { name: '发票' })).toBeInTheDocument();

    // One character is not searched.
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索帮助文章' }), '票{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入至少2个字');
    await userEvent.clear(screen.getByRole('searchbox', { name: '搜索帮助文章' }));
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索帮助文章' }), '发票{Enter}');
    await waitFor(() => expect(routerPath()).toBe('/help?q=%E5%8F%91%E7%A5%A8'));
    const results = await screen.findByRole('list', { name: '搜索结果' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(1);
    expect(requests('get', HELP_API.articles).at(-1)?.query).toEqual({ q: '发票' });

    await userEvent.click(screen.getByText('API'));
    await waitFor(() =>
      expect(requests('get', HELP_API.articles).at(-1)?.query).toEqual({ q: '发票', topic: 'api' }),
    );
    expect(await screen.findByText('没有找到与“发票”相关的文章')).toBeInTheDocument();
  });

  it('opens an article with its sanitized body and 提交工单 about its topic', async () => {
    mockApi({
      get: {
        '/api/ccw/help/articles/2/': () => ({
          id: 2,
          topic: 'invoice',
          title: '如何申请发票',
          content: '<h2>申请步骤</h2><ol><li>打开我的订单</li></ol><img src="x" onerror="alert(1)">',
          updated_at: '2026-11-29T02:00:00.000Z',
        }),
      },
    });
    renderApp(<HelpArticlePage />, { at: '/help/article?id=2' });
    expect(await screen.findByRole('heading', { name: '如何申请发票' })).toBeInTheDocument();
    const body = await screen.findByRole('region', { name: '文章正文' });
    expect(within(body).getByRole('heading', { name: '申请步骤' })).toBeInTheDocument();
    expect(body.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(screen.getByRole('link', { name: /提交工单/ })).toHaveAttribute(
      'href',
      '/ticket/new?from=%2Fhelp%2Farticle%3Fid%3D2&category=invoice',
    );
  });

  it('says an unpublished article does not exist', async () => {
    mockApi({ get: { '/api/ccw/help/articles/9/': () => refuse(404, MSG.helpArticleNotFound) } });
    renderApp(<HelpArticlePage />, { at: '/help/article?id=9' });
    expect(await screen.findByText(MSG.helpArticleNotFound)).toBeInTheDocument();
  });
});
