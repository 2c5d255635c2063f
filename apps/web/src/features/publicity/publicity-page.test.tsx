import { screen } from '@testing-library/react';
import { HOME_API, type OwnPublicityItem, type PagedSuccess } from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { PublicityPage } from './publicity-page';

function renderPage(path: string) {
  renderApp(<PublicityPage title="我的公示" />, { path: '/publicity', at: path });
}

function answer(data: PagedSuccess<OwnPublicityItem>) {
  mockApi({ get: { [HOME_API.publicityMore]: () => data } });
}

beforeEach(() => signIn({ id: 9, name: 'trialuser', level: 10 }));

describe('PublicityPage', () => {
  it('shows 暂无数据 for a member with no publicity', async () => {
    answer({ success: false, list: [], total: 0, page: 1, size: 10 });
    renderPage('/publicity');
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
    expect(screen.queryByText(/共 \d+ 条/)).toBeNull();
  });

  it('reads the page from the URL and numbers the rows from it', async () => {
    answer({
      success: true,
      list: [
        {
          id: 31,
          title: '2026年深圳市高新技术企业培育库入库企业名单公示',
          title2: '深圳市前海智汇科技有限公司',
          dept_name: '深圳市科技创新委员会',
          publish_time: '2026-01-15T02:00:00.000Z',
          item_id: null,
        },
      ],
      total: 21,
      page: 3,
      size: 10,
    });
    renderPage('/publicity?page=3&size=10');
    // No notice known for it: its title is text, not a link.
    expect(await screen.findByText('2026年深圳市高新技术企业培育库入库企业名单公示')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '2026年深圳市高新技术企业培育库入库企业名单公示' })).toBeNull();
    expect(screen.getByRole('cell', { name: '21' })).toBeInTheDocument();
    expect(screen.getByText('2026-01-15')).toBeInTheDocument();
    expect(
      requests('get', '/account/userhometj/GetPublicityNewsByCompanyMore/').map((c) => c.query),
    ).toContainEqual({ page: '3', size: '10' });
  });

  it('opens the 公示公告 of an entry whose notice is known', async () => {
    answer({
      success: true,
      list: [
        {
          id: 32,
          title: '关于2026年深圳市知识产权资助拟资助名单的公示',
          title2: '知识产权资助：深圳市前海智汇科技有限公司',
          dept_name: '深圳市市场监督管理局',
          publish_time: '2026-02-01T02:00:00.000Z',
          item_id: 77,
        },
      ],
      total: 1,
      page: 1,
      size: 10,
    });
    renderPage('/publicity');
    const link = await screen.findByRole('link', { name: '关于2026年深圳市知识产权资助拟资助名单的公示' });
    expect(link).toHaveAttribute('href', '/policy/detail?id=77');
  });
});
