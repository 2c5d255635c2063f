import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_KEYS_API, type ApiKey, type ApiKeyCreated, type ApiUsage, fillPath, MSG } from '@uc/shared';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../lib/ui/use-media-query';
import { httpError, mockApi, type Routes, requests } from '../../test/api';
import { dialogTitled } from '../../test/dialogs';
import { stubMatchMedia } from '../../test/media';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { ApiKeysPage } from './api-keys-page';

// echarts draws on a canvas, which jsdom has not: the chart is a named image here (model/usage has its tests).
vi.mock('../../components/charts/chart', () => ({
  Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const LIVE: ApiKey = {
  id: 3,
  name: '官网政策查询',
  prefix: 'ccw_k3Xq9Lm2',
  ip_allow: ['203.0.113.10', '2001:db8::1'],
  created_at: '2026-11-20T02:00:00.000Z',
  last_used_at: '2026-11-27T03:04:00.000Z',
  revoked_at: null,
};

const REVOKED: ApiKey = {
  id: 2,
  name: '测试环境',
  prefix: 'ccw_Ab12Cd34',
  ip_allow: [],
  created_at: '2026-11-01T02:00:00.000Z',
  last_used_at: null,
  revoked_at: '2026-11-10T02:00:00.000Z',
};

/** 30 days ending 2026-11-27, the calls of the last three given. */
function days(last: number[] = []): ApiUsage['days'] {
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 10, 27 - 29 + i)).toISOString().slice(0, 10);
    return { date, calls: last[i - (30 - last.length)] ?? 0 };
  });
}

const USAGE: ApiUsage = {
  days: days([4, 0, 3]),
  recent: [
    { at: '2026-11-27T03:04:05.000Z', product: 'policies', status: 200, key_name: '官网政策查询' },
    { at: '2026-11-27T03:00:00.000Z', product: 'hts-score', status: 429, key_name: '官网政策查询' },
    { at: '2026-11-25T01:00:00.000Z', product: 'publicity', status: 400, key_name: '测试环境' },
  ],
  total: 50_000,
  used: 7,
  surplus: 49_993,
  expired_time: '2027-11-26T16:00:00.000Z',
};

const EMPTY_USAGE: ApiUsage = {
  days: days(),
  recent: [],
  total: 0,
  used: 0,
  surplus: 0,
  expired_time: null,
};

function routes(keys: ApiKey[] = [LIVE, REVOKED], usage: ApiUsage = USAGE): Routes {
  return { get: { [API_KEYS_API.keys]: () => keys, [API_KEYS_API.usage]: () => usage } };
}

/** The row of a key in the keys' table. */
const rowOf = async (name: string) =>
  (await within(screen.getByTestId('api-keys-card')).findByText(name, { selector: 'td' })).closest(
    'tr',
  ) as HTMLElement;

describe('我的API', () => {
  it('shows the balance, the products, the document and where to buy more calls', async () => {
    signIn({ level: 10 });
    mockApi(routes());
    renderApp(<ApiKeysPage />, { at: '/api/keys' });
    const card = await screen.findByTestId('api-balance-card');
    expect(await within(card).findByTestId('api-surplus')).toHaveTextContent('49,993次');
    expect(within(card).getByTestId('api-used')).toHaveTextContent('已用 7 / 总量 50,000 次');
    expect(within(card).getByTestId('api-validity')).toHaveTextContent('有效期至 2027-11-27');
    expect(card).toHaveTextContent('政策源库、标准化政策库、资助公示查询、高企评分');
    expect(within(card).getByRole('link', { name: /购买调用次数/ })).toHaveAttribute(
      'href',
      '/apiorder?gid=14',
    );
    const docs = within(card).getByRole('link', { name: /接口文档/ });
    expect(docs).toHaveAttribute('href', '/openapi/v1/docs');
    expect(docs).toHaveAttribute('target', '_blank');
  });

  it('counts today and the 30 days beside the chart', async () => {
    signIn({ level: 10 });
    mockApi(routes());
    renderApp(<ApiKeysPage />, { at: '/api/keys' });
    expect(await screen.findByTestId('api-calls-today')).toHaveTextContent('3');
    expect(screen.getByTestId('api-calls-30d')).toHaveTextContent('7');
    expect(screen.getByRole('img', { name: '近30天每日调用次数，共 7 次，今日 3 次' })).toBeInTheDocument();
  });

  it('lists the recent calls: time, product, how each ended and the key', async () => {
    signIn({ level: 10 });
    mockApi(routes());
    renderApp(<ApiKeysPage />, { at: '/api/keys' });
    const recent = await screen.findByTestId('api-recent-card');
    const rows = await within(recent).findAllByRole('row');
    // The header, then the calls newest first.
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('2026-11-27 11:04:05');
    expect(rows[1]).toHaveTextContent('政策源库');
    expect(within(rows[1] as HTMLElement).getByText('成功')).toHaveClass('ant-tag');
    expect(rows[1]).toHaveTextContent('官网政策查询');
    expect(rows[2]).toHaveTextContent('高企评分');
    expect(within(rows[2] as HTMLElement).getByText('次数用完/限流')).toHaveClass('ant-tag');
    expect(rows[2]).toHaveTextContent('429');
    expect(rows[3]).toHaveTextContent('资助公示查询');
    expect(within(rows[3] as HTMLElement).getByText('失败')).toHaveClass('ant-tag');
    expect(rows[3]).toHaveTextContent('测试环境');
  });

  it('says 暂无调用记录 when there were no calls, and 暂未购买 without a package', async () => {
    signIn({ level: 10 });
    mockApi(routes([], EMPTY_USAGE));
    renderApp(<ApiKeysPage />, { at: '/api/keys' });
    const usage = await screen.findByTestId('api-usage-card');
    expect(await within(usage).findByText('暂无调用记录')).toBeInTheDocument();
    expect(within(usage).getByTestId('api-calls-today')).toHaveTextContent('0');
    expect(within(usage).queryByRole('img', { name: /近30天/ })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('api-recent-card')).getByText('暂无调用记录')).toBeInTheDocument();
    expect(screen.getByTestId('api-validity')).toHaveTextContent('暂未购买');
    expect(await screen.findByText('暂无密钥，创建密钥后即可调用开放接口')).toBeInTheDocument();
  });

  it('lists the keys masked, a revoked one greyed with 已撤销 and nothing to do', async () => {
    signIn({ level: 10 });
    mockApi(routes());
    renderApp(<ApiKeysPage />, { at: '/api/keys' });
    const live = await rowOf('官网政策查询');
    expect(live).toHaveTextContent('ccw_k3Xq9Lm2••••');
    const ips = within(within(live).getByRole('list')).getAllByRole('listitem');
    expect(ips.map((ip) => ip.textContent)).toEqual(['203.0.113.10', '2001:db8::1']);
    const [created, used] = live.querySelectorAll('.uc-apikeys-time');
    expect(created?.innerHTML).toBe('2026-11-20<br>10:00');
    expect(used?.innerHTML).toBe('2026-11-27<br>11:04');
    expect(live).toHaveTextContent('有效');
    expect(live).not.toHaveClass('uc-apikeys-revoked');
    expect(within(live).getByRole('button', { name: '撤销 官网政策查询' })).toBeInTheDocument();

    const revoked = await rowOf('测试环境');
    expect(revoked).toHaveClass('uc-apikeys-revoked');
    expect(within(revoked).getByText('已撤销')).toHaveClass('ant-tag');
    expect(revoked).toHaveTextContent('不限');
    expect(revoked).toHaveTextContent('从未使用');
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/有效密钥 1 \/ 10 个/)).toBeInTheDocument();
  });

  it('revokes a key only once the member confirms', async () => {
    signIn({ level: 10 });
    const revoke = vi.fn(() => null);
    let keys = [LIVE, REVOKED];
    mockApi(
      { get: { [API_KEYS_API.keys]: () => keys, [API_KEYS_API.usage]: () => USAGE } },
      { delete: { [fillPath(API_KEYS_API.key, LIVE.id)]: revoke } },
    );
    const user = userEvent.setup();
    renderApp(<ApiKeysPage />, { at: '/api/keys' });

    await user.click(await screen.findByRole('button', { name: '撤销 官网政策查询' }));
    const ask = await dialogTitled('撤销密钥');
    expect(ask).toHaveTextContent('确定撤销密钥「官网政策查询」吗？');
    await user.click(within(ask).getByRole('button', { name: /取\s*消/ }));
    expect(revoke).not.toHaveBeenCalled();

    keys = [{ ...LIVE, revoked_at: '2026-11-27T04:00:00.000Z' }, REVOKED];
    await user.click(screen.getByRole('button', { name: '撤销 官网政策查询' }));
    await user.click(within(await dialogTitled('撤销密钥')).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect(revoke).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('密钥已撤销')).toBeInTheDocument();
    await waitFor(async () => expect(await rowOf('官网政策查询')).toHaveClass('uc-apikeys-revoked'));
  });

  it('creates a key and shows it once, with a copy button and the warning', async () => {
    signIn({ level: 10 });
    const created: ApiKeyCreated = {
      ...LIVE,
      id: 4,
      name: '数据同步',
      prefix: 'ccw_Zz98Yy76',
      ip_allow: ['198.51.100.7'],
      last_used_at: null,
      key: 'ccw_Zz98Yy76aBcDeFgHiJkLmNoPqRsTuVwXyZ012345',
    };
    let keys = [LIVE, REVOKED];
    mockApi(routes(), {
      get: { [API_KEYS_API.keys]: () => keys },
      post: {
        [API_KEYS_API.keys]: () => {
          keys = [created, ...keys];
          return created;
        },
      },
    });
    const user = userEvent.setup();
    renderApp(<ApiKeysPage />, { at: '/api/keys' });

    await user.click(await screen.findByRole('button', { name: /创建密钥/ }));
    const form = await dialogTitled('创建密钥');
    await user.type(within(form).getByLabelText('名称'), ' 数据同步 ');
    await user.type(within(form).getByLabelText('IP白名单'), '198.51.100.7{enter}{enter}');
    await user.click(within(form).getByRole('button', { name: /创\s*建/ }));

    const shown = await dialogTitled('密钥已创建');
    expect(shown).toHaveTextContent(MSG.apiKeyCreated);
    expect(within(shown).getByTestId('created-key')).toHaveTextContent(created.key);
    await user.click(within(shown).getByRole('button', { name: '复制密钥' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(created.key));
    expect(requests('post', API_KEYS_API.keys).map((c) => c.body)).toEqual([
      { name: '数据同步', ip_allow: ['198.51.100.7'] },
    ]);

    await user.click(within(shown).getByRole('button', { name: '我已保存' }));
    // Listed from then on by its first characters only.
    const row = await rowOf('数据同步');
    expect(row).toHaveTextContent('ccw_Zz98Yy76••••');
    expect(screen.getByTestId('api-keys-card')).not.toHaveTextContent(created.key);
  });

  it('checks the name and the addresses with the shared rules before sending anything', async () => {
    signIn({ level: 10 });
    mockApi(routes(), { post: { [API_KEYS_API.keys]: () => httpError(400, MSG.apiKeyLimit) } });
    const user = userEvent.setup();
    renderApp(<ApiKeysPage />, { at: '/api/keys' });

    await user.click(await screen.findByRole('button', { name: /创建密钥/ }));
    const form = await dialogTitled('创建密钥');
    await user.type(within(form).getByLabelText('IP白名单'), '203.0.113.10{enter}300.1.2.3');
    await user.click(within(form).getByRole('button', { name: /创\s*建/ }));
    expect(await within(form).findByText(MSG.apiKeyNameInvalid)).toBeInTheDocument();
    expect(within(form).getByText(MSG.apiKeyIpInvalid)).toBeInTheDocument();
    expect(requests('post', API_KEYS_API.keys)).toEqual([]);

    // Good input the server still refuses (ten live keys): its message, the form kept open.
    await user.type(within(form).getByLabelText('名称'), '第十一个');
    await user.clear(within(form).getByLabelText('IP白名单'));
    await user.click(within(form).getByRole('button', { name: /创\s*建/ }));
    expect(await screen.findByText(MSG.apiKeyLimit)).toBeInTheDocument();
    expect(requests('post', API_KEYS_API.keys)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: '创建密钥' })).toBeInTheDocument();
  });

  it('offers no new key once ten are live', async () => {
    signIn({ level: 10 });
    const ten = Array.from({ length: 10 }, (_, i) => ({ ...LIVE, id: 10 + i, name: `密钥${i + 1}` }));
    mockApi(routes(ten));
    renderApp(<ApiKeysPage />, { at: '/api/keys' });
    expect(await screen.findByText(/最多保留 10 个，请先撤销不用的密钥/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /创建密钥/ })).toBeDisabled();
  });

  it('shows keys and calls as cards on a phone', async () => {
    // A 390 px phone: only the phone query matches.
    stubMatchMedia((query) => query === PHONE_QUERY);
    try {
      signIn({ level: 10 });
      mockApi(routes());
      renderApp(<ApiKeysPage />, { at: '/api/keys' });
      const keys = await screen.findByRole('list', { name: '密钥列表' });
      const [live, revoked] = within(keys).getAllByRole('listitem') as HTMLElement[];
      expect(live).toHaveTextContent('ccw_k3Xq9Lm2••••');
      expect(live).toHaveTextContent('IP白名单：203.0.113.10、2001:db8::1');
      expect(live).toHaveTextContent('创建时间：2026-11-20 10:00');
      expect(
        within(live as HTMLElement).getByRole('button', { name: '撤销 官网政策查询' }),
      ).toBeInTheDocument();
      expect(revoked).toHaveClass('uc-apikeys-revoked');
      expect(revoked).toHaveTextContent('已撤销');
      expect(revoked).toHaveTextContent('最近使用：从未使用');
      expect(within(revoked as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
      const calls = await screen.findByRole('list', { name: '最近调用列表' });
      const [first] = within(calls).getAllByRole('listitem') as HTMLElement[];
      expect(within(calls).getAllByRole('listitem')).toHaveLength(3);
      expect(first).toHaveTextContent('政策源库');
      expect(first).toHaveTextContent('2026-11-27 11:04:05 · 密钥 官网政策查询');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      stubMatchMedia(() => false);
    }
  });

  it('offers a retry when the usage cannot be read', async () => {
    signIn({ level: 10 });
    let fail = true;
    mockApi({
      get: {
        [API_KEYS_API.keys]: () => [LIVE],
        [API_KEYS_API.usage]: () => (fail ? httpError(500, '服务器开小差了') : USAGE),
      },
    });
    const user = userEvent.setup();
    renderApp(<ApiKeysPage />, { at: '/api/keys' });
    const retry = await screen.findByRole('button', { name: /重试/ });
    expect(screen.queryByTestId('api-balance-card')).not.toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByTestId('api-surplus')).toHaveTextContent('49,993');
  });
});
