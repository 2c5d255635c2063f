import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, POLICY_ITEM_API, type PolicyItemDetail } from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { PHONE_QUERY } from '../../lib/ui/use-media-query';
import { httpError, mockApi, reply, requests } from '../../test/api';
import { stubMatchMedia } from '../../test/media';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { PolicyDetailPage } from './policy-detail-page';

const item: PolicyItemDetail = {
  id: 7,
  title: '<b>深圳市制造业单项冠军</b>申报通知',
  type: 'sbtz',
  type_name: '申报通知',
  dept_name: '深圳市工业和信息化局',
  area_name: '深圳市',
  industry_name: '制造业',
  publish_time: '2026-11-20T02:00:00.000Z',
  end_time: '2026-12-10T09:00:00.000Z',
  open: true,
  programme: '制造业单项冠军',
  conditions: ['须为高新技术企业', '上年度营业收入不少于5000万元'],
  favourite: false,
  customers: {
    list: [
      {
        id: 1,
        cus_name: '深圳甲制造有限公司',
        area_name: '南山区',
        industry_name: '制造业',
        is_hightech: true,
      } as PolicyItemDetail['customers']['list'][number],
    ],
    total: 31,
  },
};

function renderPage(at = '/policy/detail?id=7') {
  return renderApp(<PolicyDetailPage title="政策详情" />, {
    path: '/policy/detail',
    at,
    routes: [{ path: '/sub/list', element: <p>我的订阅页</p> }],
  });
}

beforeEach(() => signIn());

describe('PolicyDetailPage', () => {
  it('shows the item as plain text with its conditions and matching customers', async () => {
    mockApi({ get: { [POLICY_ITEM_API.detail]: () => item } });
    renderPage();
    expect(await screen.findByRole('heading', { name: item.title })).toBeInTheDocument();
    // User text is never HTML.
    expect(document.querySelector('.uc-policy-title b')).toBeNull();
    expect(screen.getByText('深圳市工业和信息化局')).toBeInTheDocument();
    expect(screen.getByText('申报中')).toBeInTheDocument();
    expect(screen.getByText('上年度营业收入不少于5000万元')).toBeInTheDocument();
    expect(screen.getByText(/共 31 家，显示前 20 家/)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '深圳甲制造有限公司' })).toBeInTheDocument();
    expect(requests('get', POLICY_ITEM_API.detail).map((r) => r.query)).toEqual([{ id: '7' }]);
  });

  it('lists the matching customers in one column on a phone', async () => {
    stubMatchMedia((query) => query === PHONE_QUERY);
    mockApi({ get: { [POLICY_ITEM_API.detail]: () => item } });
    renderPage();
    const section = await screen.findByRole('region', { name: '匹配的客户' });
    const table = within(section).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['企业名称']);
    const cell = within(table).getByRole('cell', { name: /深圳甲制造有限公司/ });
    expect(cell).toHaveTextContent('南山区 · 制造业');
    expect(cell).toHaveTextContent('高新技术企业');
  });

  it('toggles 收藏 and reads the item again', async () => {
    let favourite = false;
    mockApi({
      get: { [POLICY_ITEM_API.detail]: () => ({ ...item, favourite }) },
      post: {
        [POLICY_ITEM_API.favourites]: () => {
          favourite = true;
          return reply({ code: 200, message: MSG.policyFavouriteAdded, data: { id: 7, favourite: true } });
        },
      },
    });
    const user = userEvent.setup();
    renderPage();
    const button = await screen.findByRole('button', { name: /收藏/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /已收藏/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(requests('post', POLICY_ITEM_API.favourites)[0]?.body).toEqual({ id: 7 });
  });

  it('says an unknown item is gone, and goes back to 我的订阅 when opened directly', async () => {
    mockApi({ get: { [POLICY_ITEM_API.detail]: () => httpError(404, MSG.policyItemNotFound) } });
    const user = userEvent.setup();
    renderPage('/policy/detail?id=999');
    expect(await screen.findByText(MSG.policyItemNotFound)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /返回/ }));
    expect(await screen.findByText('我的订阅页')).toBeInTheDocument();
  });
});
