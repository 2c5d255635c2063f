import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOME_API, MSG, RUNTIME_CONFIG_ELEMENT_ID, TOOLS_API } from '@uc/shared';
import { describe, expect, it, vi } from 'vitest';
import { resetRuntimeConfigCache } from '../../lib/runtime-config';
import { cusInfoQueryOptions } from '../../lib/session/api/get-cus-info';
import { httpError, mockApi, requests } from '../../test/api';
import { cusInfoFixture, signIn, signOut } from '../../test/session';
import { DashboardPage } from './dashboard-page';
import { dashboardQueryClient, renderOnDashboard } from './testing';

// echarts draws on a canvas, which jsdom has not: the charts are named images here (chart-options has their tests).
vi.mock('../../components/charts/chart', () => ({
  Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const DATA: Record<string, unknown> = {
  [HOME_API.customerData]: {
    member_count: 320,
    high_tech_count: 87,
    sb_count: 120,
    gs_count: 45,
    zc_count: 210,
  },
  [HOME_API.categoryCount]: [
    { key: 'zcdt', keyname: '政策动态', count: 900, count_24h: 0 },
    { key: 'sbtz', keyname: '申报通知', count: 1200, count_24h: 6 },
    { key: 'gsgg', keyname: '公示公告', count: 640, count_24h: 3 },
  ],
  [HOME_API.userInfo]: { citycode: '440100', cityname: '广州市' },
  [HOME_API.distributionByIndustry]: [{ key: 'C', keyname: '制造业', count: 100 }],
  [HOME_API.distributionByArea]: [],
  [HOME_API.newPeresult]: [
    {
      mid: 1,
      name: '深圳市企业研发资助',
      dept_name: '深圳市科技创新委员会',
      start_time: '2026-02-01',
      count: 12,
      item_id: 41,
    },
    {
      mid: 2,
      name: '2025年深圳市知识产权资助',
      dept_name: '深圳市市场监督管理局',
      start_time: '2025-03-01',
      count: 3,
      item_id: null,
    },
  ],
  [HOME_API.myPublicity]: [
    {
      id: 5,
      title: '关于2026年深圳市知识产权资助拟资助名单的公示',
      title2: '知识产权资助：深圳演示科技有限公司',
      dept_name: '深圳市市场监督管理局',
      publish_time: '2026-02-03T02:00:00.000Z',
      item_id: 52,
    },
  ],
  [HOME_API.subscribeMine]: [],
  [HOME_API.subscribeNews]: [
    { id: 1, title: '关于开展2026年高新技术企业认定工作的通知', publish_time: '2026-02-11' },
  ],
  [HOME_API.fundingSummary]: [],
  [HOME_API.fundingList]: { list: [], total: 0, page: 1, size: 5 },
};

/** Injects a runtime configuration with these tool hosts, as the server does into index.html. */
function withToolHosts(toolHosts: string[]) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = RUNTIME_CONFIG_ELEMENT_ID;
  el.textContent = JSON.stringify({ toolHosts });
  document.head.append(el);
  resetRuntimeConfigCache();
  return () => {
    el.remove();
    resetRuntimeConfigCache();
  };
}

/** Every card's call answers with its DATA; `failing` answers HTTP 500. */
function answerAll(failing?: string) {
  mockApi({
    get: Object.fromEntries(
      Object.entries(DATA).map(([path, data]) => [
        path,
        () => (path === failing ? httpError(500, '服务器开小差了，请稍后再试') : data),
      ]),
    ),
  });
}

function renderMember() {
  signIn({ level: 22 });
  const client = dashboardQueryClient();
  client.setQueryData(cusInfoQueryOptions(7).queryKey, cusInfoFixture({ expired_time: null }));
  return renderOnDashboard(<DashboardPage />, client);
}

describe('DashboardPage', () => {
  it('shows a visitor every card, with login prompts instead of data, and calls nothing', async () => {
    signOut();
    answerAll();
    renderOnDashboard(<DashboardPage />);
    expect(screen.getByRole('heading', { name: '游客' })).toBeInTheDocument();
    expect(screen.getByText('登录后查看客户统计')).toBeInTheDocument();
    expect(await screen.findByText('登录后查看资助记录')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: '快捷导航' })).getAllByRole('link')).toHaveLength(
      14,
    );
    expect(screen.getByText('科创云')).toBeInTheDocument();
    expect(requests()).toHaveLength(0);
  });

  it('asks a visitor to log in before opening a tool', async () => {
    const restore = withToolHosts(['https://rd.example.com']);
    try {
      signOut();
      const user = userEvent.setup();
      renderOnDashboard(<DashboardPage />);
      await user.click(screen.getByRole('button', { name: '进入系统 研发费用管理系统' }));
      expect(await screen.findByText(MSG.requiresLogin)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '前往登录' }));
      const tool = encodeURIComponent(encodeURIComponent('https://rd.example.com/'));
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(
          `/checklogin/index?redirect=/dashboard%3Fredirect%3D${tool}`,
        ),
      );
    } finally {
      restore();
    }
  });

  it('opens a tool in the iframe area, and shows a tool without a configured host as not available', async () => {
    const restore = withToolHosts(['https://rd.example.com']);
    try {
      const launched = 'https://rd.example.com/?uc_ticket=abc.def.ghi';
      mockApi(
        { get: Object.fromEntries(Object.entries(DATA).map(([path, data]) => [path, () => data])) },
        { get: { [TOOLS_API.launch]: () => ({ url: launched }) } },
      );
      const user = userEvent.setup();
      renderMember();
      // A member's tool opens with a launch ticket the server signs.
      await user.click(screen.getByRole('button', { name: '进入系统 研发费用管理系统' }));
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(
          `/dashboard?redirect=${encodeURIComponent(launched)}`,
        ),
      );
      expect(requests('get', TOOLS_API.launch).map((c) => c.query)).toEqual([{ tool: 'rd' }]);
      expect(screen.getByRole('button', { name: '暂未开通 高企资料库' })).toBeDisabled();
      expect(within(screen.getByTestId('tool-gq')).getByText('暂未开通')).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('fills every card from its own call', async () => {
    answerAll();
    renderMember();
    const customers = screen.getByTestId('card-customers');
    expect(await within(customers).findByRole('link', { name: '高新技术企业 87 家' })).toHaveAttribute(
      'href',
      '/customer/list?is_hightech=1',
    );
    const categories = screen.getByTestId('card-categories');
    const notices = await within(categories).findByRole('link', { name: '申报通知 1,200 条' });
    expect(notices).toHaveAttribute('href', '/sub/list?activeName=sbtz');
    // The marker sits beside its link (in the same tile), not inside the link's name.
    const cellOf = (link: HTMLElement) => link.parentElement ?? link;
    expect(within(cellOf(notices)).getByText('24h +6')).toBeInTheDocument();
    const policy = within(categories).getByRole('link', { name: '政策动态 900 条' });
    expect(within(cellOf(policy)).queryByTestId('marker-24h')).toBeNull();
    // The counts are the member's city and the province-wide items, unlike the login page's platform totals.
    expect(await within(categories).findByText('统计范围：广州市（含广东省级）')).toBeInTheDocument();
    // A project opens its 申报通知 and its count the notice's customers; one without a notice keeps its drawer.
    expect(await screen.findByRole('link', { name: '深圳市企业研发资助' })).toHaveAttribute(
      'href',
      '/policy/detail?id=41',
    );
    expect(screen.getByRole('link', { name: /匹配客户 12 家/ })).toHaveAttribute(
      'href',
      '/policy/detail?id=41#customers',
    );
    expect(screen.getByText('2025年深圳市知识产权资助')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '2025年深圳市知识产权资助' })).toBeNull();
    expect(screen.getByRole('link', { name: /匹配客户 3 家/ })).toHaveAttribute(
      'href',
      '/sub/list?activeName=tjxm&pid=2',
    );
    // 我的公示 opens its 公示公告.
    fireEvent.click(screen.getByRole('tab', { name: '我的公示' }));
    expect(
      await screen.findByRole('link', { name: '关于2026年深圳市知识产权资助拟资助名单的公示' }),
    ).toHaveAttribute('href', '/policy/detail?id=52');
    expect(
      await screen.findByRole('link', { name: '关于开展2026年高新技术企业认定工作的通知' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '客户行业分布图' })).toBeInTheDocument();
    // The area chart has no rows: 暂无数据 instead of an empty chart.
    expect(
      within(screen.getByTestId('card-area')).getByText('暂无数据', { selector: '.ant-empty-description' }),
    ).toBeInTheDocument();
  });

  it('keeps the page when one call fails, with a retry in that card only', async () => {
    answerAll(HOME_API.customerData);
    renderMember();
    const customers = screen.getByTestId('card-customers');
    expect(await within(customers).findByRole('button', { name: /重试/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '申报通知 1,200 条' })).toBeInTheDocument();

    answerAll();
    await userEvent.setup().click(within(customers).getByRole('button', { name: /重试/ }));
    expect(await within(customers).findByRole('link', { name: '服务客户总数 320 家' })).toBeInTheDocument();
  });

  it('shows a member without customers the first step instead of the empty customer charts', async () => {
    const none = { member_count: 0, high_tech_count: 0, sb_count: 0, gs_count: 0, zc_count: 0 };
    mockApi({
      get: {
        ...Object.fromEntries(Object.entries(DATA).map(([path, data]) => [path, () => data])),
        [HOME_API.customerData]: () => none,
      },
    });
    renderMember();
    const step = await screen.findByTestId('card-first-step');
    expect(within(step).getByText('添加您的第一批客户')).toBeInTheDocument();
    expect(within(step).getByRole('link', { name: /添加客户/ })).toHaveAttribute(
      'href',
      '/customer/list?add=1',
    );
    expect(within(step).getByRole('link', { name: /导入客户/ })).toHaveAttribute(
      'href',
      '/customer/list?import=1',
    );
    expect(screen.queryByTestId('card-industry')).toBeNull();
    expect(screen.queryByTestId('card-area')).toBeNull();
  });
});
