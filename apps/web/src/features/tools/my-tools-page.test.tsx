import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MyTool, ROLE, TOOLS_API } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { httpError, mockApi, requests } from '../../test/api';
import { renderApp, routerPath } from '../../test/render';
import { signIn } from '../../test/session';
import { MyToolsPage } from './my-tools-page';

const tool = (over: Partial<MyTool> & Pick<MyTool, 'code' | 'name'>): MyTool => ({
  description: `${over.name}的说明`,
  kind: 'policy',
  path: null,
  url: null,
  source: 'plan',
  included_level: 20,
  expires_at: '2027-03-01T15:59:59.000Z',
  credits: 0,
  buyable: false,
  ...over,
});

const RD = tool({
  code: 'rd',
  name: '研发费用管理系统',
  kind: 'external',
  url: 'https://rd.chacewang.com/',
  included_level: 1,
});

const VIP_TOOLS: MyTool[] = [
  RD,
  tool({ code: 'hts_score', name: '高企评分', path: '/hts/identification/score', buyable: true }),
];

const TRIAL_TOOLS: MyTool[] = [
  RD,
  tool({
    code: 'hts_score',
    name: '高企评分',
    path: '/hts/identification/score',
    source: 'credits',
    credits: 7,
    expires_at: '2027-11-26T04:00:00.000Z',
    buyable: true,
  }),
  tool({
    code: 'match_exact',
    name: '精准匹配',
    path: '/smart/match/policy/exact',
    source: null,
    expires_at: null,
    buyable: true,
  }),
];

const card = (code: string) => screen.getByTestId(`my-tool-${code}`);

describe('MyToolsPage', () => {
  it('lists the tools with their source and expiry; 打开 launches an external tool in the iframe area', async () => {
    signIn();
    const launched = 'https://rd.chacewang.com/?uc_ticket=abc.def.ghi';
    mockApi({ get: { [TOOLS_API.mine]: () => VIP_TOOLS, [TOOLS_API.launch]: () => ({ url: launched }) } });
    const user = userEvent.setup();
    renderApp(<MyToolsPage title="我的工具" />, { at: '/tools/mine' });
    expect(await screen.findByText('研发费用管理系统')).toBeInTheDocument();
    expect(within(card('hts_score')).getByText('套餐包含')).toBeInTheDocument();
    expect(within(card('hts_score')).getByText('有效期至 2027-03-01')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '打开 研发费用管理系统' }));
    await waitFor(() => expect(routerPath()).toBe(`/dashboard?redirect=${encodeURIComponent(launched)}`));
    expect(requests('get', TOOLS_API.launch).map((c) => c.query)).toEqual([{ tool: 'rd' }]);
  });

  it('shows an external tool the deployment has no host for as 暂未开通', async () => {
    signIn();
    mockApi({ get: { [TOOLS_API.mine]: () => [{ ...RD, url: null }] } });
    renderApp(<MyToolsPage />, { at: '/tools/mine' });
    expect(await screen.findByRole('button', { name: '暂未开通 研发费用管理系统' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^打开/ })).toBeNull();
  });

  it('opens a policy tool in place, without a ticket', async () => {
    signIn();
    mockApi({ get: { [TOOLS_API.mine]: () => VIP_TOOLS } });
    const user = userEvent.setup();
    renderApp(<MyToolsPage />, { at: '/tools/mine' });
    await user.click(await screen.findByRole('button', { name: '打开 高企评分' }));
    await waitFor(() => expect(routerPath()).toBe('/hts/identification/score'));
    expect(requests('get', TOOLS_API.launch)).toEqual([]);
  });

  it('shows credits left and, for a tool the member lacks, the upgrade', async () => {
    signIn({ level: 10, name: 'trialuser' });
    mockApi({ get: { [TOOLS_API.mine]: () => TRIAL_TOOLS } });
    renderApp(<MyToolsPage />, { at: '/tools/mine' });
    const credits = await screen.findByTestId('my-tool-hts_score');
    expect(within(credits).getByText('按次使用')).toBeInTheDocument();
    expect(credits).toHaveTextContent('剩余 7 次，最早一批 2027-11-26 到期');
    const lacking = card('match_exact');
    expect(within(lacking).getByText('未开通')).toBeInTheDocument();
    expect(within(lacking).queryByRole('button', { name: /^打开/ })).toBeNull();
    expect(within(lacking).getByRole('link', { name: '升级会员 精准匹配' })).toHaveAttribute(
      'href',
      '/vip/index',
    );
    // 购买次数 where credits are sold and the plan does not include the tool, also beside credits held.
    for (const [code, name] of [
      ['match_exact', '精准匹配'],
      ['hts_score', '高企评分'],
    ] as const) {
      expect(within(card(code)).getByRole('link', { name: `购买次数 ${name}` })).toHaveAttribute(
        'href',
        `/tools/buy?tool=${code}`,
      );
    }
    expect(within(card('rd')).queryByRole('link', { name: /购买次数/ })).toBeNull();
  });

  it('offers no credits of a tool the plan includes, and says when bought ones arrived', async () => {
    signIn({ level: 22, name: 'demouser' });
    mockApi({ get: { [TOOLS_API.mine]: () => VIP_TOOLS } });
    renderApp(<MyToolsPage />, { at: '/tools/mine?paid=hts_score' });
    expect(await screen.findByTestId('credits-paid')).toHaveTextContent('支付成功，高企评分的使用次数已到账');
    expect(within(card('hts_score')).queryByRole('link', { name: /购买次数/ })).toBeNull();
  });

  it('tells a sub-account to ask its main account instead of offering the upgrade', async () => {
    signIn({ level: 10, name: 'demosub01', roles: [ROLE.sub] });
    mockApi({ get: { [TOOLS_API.mine]: () => TRIAL_TOOLS } });
    renderApp(<MyToolsPage />, { at: '/tools/mine' });
    const lacking = await screen.findByTestId('my-tool-match_exact');
    expect(within(lacking).getByText('请联系主账号开通')).toBeInTheDocument();
    expect(within(lacking).queryByRole('link', { name: /升级会员/ })).toBeNull();
    expect(within(lacking).queryByRole('link', { name: /购买次数/ })).toBeNull();
  });

  it('says why a launch failed and stays', async () => {
    signIn();
    mockApi({
      get: {
        [TOOLS_API.mine]: () => VIP_TOOLS,
        [TOOLS_API.launch]: () => httpError(404, '该工具暂未开通，请联系客服'),
      },
    });
    const user = userEvent.setup();
    renderApp(<MyToolsPage />, { at: '/tools/mine' });
    await user.click(await screen.findByRole('button', { name: '打开 研发费用管理系统' }));
    expect(await screen.findByText('该工具暂未开通，请联系客服')).toBeInTheDocument();
    expect(routerPath()).toBe('/tools/mine');
  });

  it('shows 暂无数据 for an empty catalogue, and a retry when the list fails', async () => {
    signIn();
    mockApi({ get: { [TOOLS_API.mine]: () => [] } });
    const view = renderApp(<MyToolsPage />, { at: '/tools/mine' });
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    view.unmount();

    mockApi({ get: { [TOOLS_API.mine]: () => httpError(500, '服务器繁忙') } });
    renderApp(<MyToolsPage />, { at: '/tools/mine' });
    expect(await screen.findByRole('button', { name: /重试/ })).toBeInTheDocument();
  });
});
