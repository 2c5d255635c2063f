import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, POLICY_ITEM_API, type PolicyItemDetail, type PublicityRow } from '@uc/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  match_scope: { area: '440300', industry_code: 'C' },
  content:
    '<h2>一、申报条件</h2><p>企业须在深圳市注册。</p><table><tbody><tr><td>资助额度</td><td>最高500万元</td></tr></tbody></table>' +
    '<img src="x" onerror="window.__hacked = true">',
  doc_no: '深工信〔2026〕12号',
  source_url: 'https://gxj.sz.gov.cn/notice/12.html',
  attachments: [
    { id: 5, name: '申报指南.pdf', size: 20480, mime: 'application/pdf', url: '/api/ccw/files/5/' },
    {
      id: 6,
      name: '申报书模板.docx',
      size: 3 * 1024 * 1024,
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      url: '/api/ccw/files/6/',
    },
  ],
};

/** A 公示公告 without a body, with its 公示名单. */
const publicity: PolicyItemDetail = {
  ...item,
  id: 8,
  title: '关于2026年深圳市知识产权资助拟资助名单的公示',
  type: 'gsgg',
  type_name: '公示公告',
  end_time: null,
  open: false,
  programme: null,
  conditions: [],
  content: '',
  doc_no: '',
  attachments: [],
  publicity_total: 2,
  publicity_mine: 1,
};

const rows: PublicityRow[] = [
  {
    companyname: '深圳甲制造有限公司',
    identityid: '91440300MA5F000001',
    qualification: '知识产权资助',
    customer_id: 1,
  },
  {
    companyname: '深圳乙科技有限公司',
    identityid: '91440300MA5F000002',
    qualification: '知识产权资助',
    customer_id: null,
  },
];

function renderPage(at = '/policy/detail?id=7') {
  return renderApp(<PolicyDetailPage title="政策详情" />, {
    path: '/policy/detail',
    at,
    routes: [{ path: '/sub/list', element: <p>我的订阅页</p> }],
  });
}

beforeEach(() => signIn());
afterEach(() => {
  delete (window as { __hacked?: boolean }).__hacked;
});

describe('PolicyDetailPage', () => {
  it("shows the item's own fields as plain text with its conditions and matching customers", async () => {
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

  it('shows the notice: 文号, 原文链接, the body without anything executable, and its attachments', async () => {
    mockApi({ get: { [POLICY_ITEM_API.detail]: () => item } });
    renderPage();
    const body = await screen.findByRole('region', { name: '正文' });
    expect(await within(body).findByRole('heading', { name: '一、申报条件' })).toBeInTheDocument();
    expect(within(body).getByRole('cell', { name: '最高500万元' })).toBeInTheDocument();
    // DOMPurify drops the handler the server would already have removed.
    expect(body.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as { __hacked?: boolean }).__hacked).toBeUndefined();
    expect(screen.getByText('深工信〔2026〕12号')).toBeInTheDocument();
    const source = screen.getByRole('link', { name: /查看原文/ });
    expect(source).toHaveAttribute('href', 'https://gxj.sz.gov.cn/notice/12.html');
    expect(source).toHaveAttribute('target', '_blank');
    expect(source).toHaveAttribute('rel', 'noopener noreferrer');
    const files = screen.getByRole('region', { name: '附件' });
    expect(within(files).getByText('申报指南.pdf')).toBeInTheDocument();
    expect(within(files).getByText('20 KB')).toBeInTheDocument();
    expect(within(files).getByText('3.0 MB')).toBeInTheDocument();
    // Downloaded with the session (a link would go without it); the journey saves a real one.
    expect(within(files).getByRole('button', { name: '下载 申报书模板.docx' })).toBeInTheDocument();
    // The matching customers: each opens the customer, all of them open 我的客户 filtered to the item's scope.
    const customers = screen.getByRole('region', { name: '匹配的客户' });
    expect(within(customers).getByRole('link', { name: '深圳甲制造有限公司' })).toHaveAttribute(
      'href',
      '/customer/list?name=%E6%B7%B1%E5%9C%B3%E7%94%B2%E5%88%B6%E9%80%A0%E6%9C%89%E9%99%90%E5%85%AC%E5%8F%B8&open=1',
    );
    expect(within(customers).getByRole('link', { name: '在我的客户中查看全部 31 家' })).toHaveAttribute(
      'href',
      '/customer/list?area=440300&industry_code=C',
    );
    // Not a 公示公告: no 公示名单 is asked for.
    expect(screen.queryByRole('region', { name: '公示名单' })).toBeNull();
    expect(requests('get', POLICY_ITEM_API.publicity)).toEqual([]);
  });

  it('says 暂无正文 with the 原文链接 when the item has no body', async () => {
    mockApi({
      get: { [POLICY_ITEM_API.detail]: () => ({ ...item, content: '', attachments: [] }) },
    });
    renderPage();
    const body = await screen.findByRole('region', { name: '正文' });
    expect(body).toHaveTextContent(/暂无正文，可\s*查看原文/);
    expect(within(body).getByRole('link', { name: /查看原文/ })).toHaveAttribute(
      'href',
      'https://gxj.sz.gov.cn/notice/12.html',
    );
    expect(screen.queryByRole('region', { name: '附件' })).toBeNull();
  });

  it("lists a 公示公告's companies, searched and narrowed to the member's customers", async () => {
    mockApi({
      get: {
        [POLICY_ITEM_API.detail]: () => ({ ...publicity, source_url: '' }),
        [POLICY_ITEM_API.publicity]: (query) => {
          const q = query as Record<string, string>;
          const list = rows.filter(
            (r) => (!q.q || r.companyname.includes(q.q)) && (q.mine !== '1' || r.customer_id !== null),
          );
          return { list, total: list.length, page: 1, size: 10 };
        },
      },
    });
    const user = userEvent.setup();
    renderPage('/policy/detail?id=8');
    const section = await screen.findByRole('region', { name: '公示名单' });
    expect(within(section).getByText('共 2 家，其中我的客户 1 家')).toBeInTheDocument();
    expect(await within(section).findByRole('link', { name: '深圳甲制造有限公司' })).toHaveAttribute(
      'href',
      '/customer/list?name=%E6%B7%B1%E5%9C%B3%E7%94%B2%E5%88%B6%E9%80%A0%E6%9C%89%E9%99%90%E5%85%AC%E5%8F%B8&open=1',
    );
    expect(within(section).getByText('我的客户')).toBeInTheDocument();
    // Not a customer: its name is text.
    expect(within(section).getByText('深圳乙科技有限公司')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: '深圳乙科技有限公司' })).toBeNull();
    expect(screen.getByRole('region', { name: '正文' })).toHaveTextContent('暂无正文');
    expect(screen.queryByRole('link', { name: /查看原文/ })).toBeNull();

    await user.click(within(section).getByRole('switch', { name: '只看我的客户' }));
    await waitFor(() => expect(within(section).queryByText('深圳乙科技有限公司')).toBeNull());
    await user.type(within(section).getByRole('searchbox', { name: '搜索企业名称或信用代码' }), '乙{Enter}');
    expect(
      await within(section).findByText('暂无数据', { selector: '.ant-empty-description' }),
    ).toBeInTheDocument();
    expect(requests('get', POLICY_ITEM_API.publicity).map((r) => r.query)).toEqual([
      { id: '8', page: '1', size: '10' },
      { id: '8', page: '1', size: '10', mine: '1' },
      { id: '8', page: '1', size: '10', mine: '1', q: '乙' },
    ]);
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
