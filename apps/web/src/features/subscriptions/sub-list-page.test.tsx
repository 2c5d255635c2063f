import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type PublicityItem, type RecommendedProject, SUBSCRIBE_API } from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { SubListPage } from './sub-list-page';

const projects: RecommendedProject[] = [
  {
    mid: 1,
    name: '2026年深圳市企业研究开发资助计划',
    dept_name: '深圳市科技创新委员会',
    start_time: '2026-11-01T02:00:00.000Z',
    count: 12,
    item_id: 41,
  },
  {
    mid: 2,
    name: '2025年深圳市知识产权资助（发明专利）',
    dept_name: '深圳市市场监督管理局',
    start_time: '2025-03-01T02:00:00.000Z',
    count: 3,
    item_id: null,
  },
];

const publicity: PublicityItem[] = [
  {
    identityid: 'GS20261101A',
    title: '关于深圳市2026年第2批拟认定高新技术企业名单的公示',
    companyname: '深圳甲制造有限公司',
    dept: '深圳市科技创新委员会',
    publishtime: '2026-11-01T02:00:00.000Z',
    qualification: '高新技术企业',
    item_id: 52,
  },
  {
    identityid: 'GS20250301B',
    title: '2025年深圳市专精特新中小企业拟认定名单公示',
    companyname: '深圳乙科技有限公司',
    dept: '深圳市工业和信息化局',
    publishtime: '2025-03-01T02:00:00.000Z',
    qualification: '专精特新中小企业',
    item_id: null,
  },
];

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 10 });

function answer() {
  mockApi({
    get: {
      [SUBSCRIBE_API.subList]: (query) =>
        (query as { activeName?: string }).activeName === 'wdgs' ? page(publicity) : page(projects),
      [SUBSCRIBE_API.cusByPid]: () => page([]),
    },
  });
}

function renderPage(at: string) {
  return renderApp(<SubListPage title="我的订阅" />, { path: '/sub/list', at });
}

beforeEach(() => signIn());

describe('SubListPage', () => {
  it("opens a recommended project's notice, its count the notice's customers", async () => {
    answer();
    const user = userEvent.setup();
    renderPage('/sub/list?activeName=tjxm');
    expect(await screen.findByRole('link', { name: '2026年深圳市企业研究开发资助计划' })).toHaveAttribute(
      'href',
      '/policy/detail?id=41',
    );
    expect(screen.getByRole('link', { name: /12 家/ })).toHaveAttribute(
      'href',
      '/policy/detail?id=41#customers',
    );
    // No notice known: the title is text and the count opens the project's customers here.
    expect(screen.getByText('2025年深圳市知识产权资助（发明专利）')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '2025年深圳市知识产权资助（发明专利）' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /3 家/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('匹配客户：2025年深圳市知识产权资助（发明专利）')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests('get', SUBSCRIBE_API.cusByPid).map((r) => r.query.pid)).toEqual(['2']),
    );
  });

  it('opens the 公示公告 of a publicity entry of 我的公示', async () => {
    answer();
    renderPage('/sub/list?activeName=wdgs');
    expect(
      await screen.findByRole('link', { name: '关于深圳市2026年第2批拟认定高新技术企业名单的公示' }),
    ).toHaveAttribute('href', '/policy/detail?id=52');
    expect(screen.getByText('2025年深圳市专精特新中小企业拟认定名单公示')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '2025年深圳市专精特新中小企业拟认定名单公示' })).toBeNull();
  });
});
