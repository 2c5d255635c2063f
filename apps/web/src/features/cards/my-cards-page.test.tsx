import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CARDS_API, COUPONS_API, MSG, type MyCard, type MyCoupon } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { httpError, mockApi, requests } from '../../test/api';
import { renderApp, routerPath } from '../../test/render';
import { signIn } from '../../test/session';
import { MyCardsPage } from './my-cards-page';

const CARD: MyCard = {
  card_no: '8454811079883992',
  name: '新春礼品卡',
  kind: 'credits',
  grant: '高企评分 50次',
  bound_at: '2026-11-26T04:26:00.000Z',
  out_trade_no: null,
};

const coupon = (over: Partial<MyCoupon>): MyCoupon => ({
  id: 1,
  name: '新人满减券',
  kind: 'full_reduction',
  rule: '满1000减200',
  scope: '全部商品',
  threshold: 1000,
  amount: 200,
  percent: null,
  cap: null,
  valid_start: '2026-11-26T04:26:00.000Z',
  valid_end: '2026-12-26T04:26:00.000Z',
  state: 'unused',
  source: 'register',
  out_trade_no: null,
  used_at: null,
  created_at: '2026-11-26T04:26:00.000Z',
  ...over,
});

const COUPONS: MyCoupon[] = [
  coupon({}),
  coupon({
    id: 2,
    name: '专业版8折券',
    kind: 'discount',
    rule: '8折 最高减1000',
    scope: 'VIP专业版',
    threshold: 0,
    amount: 0,
    percent: 80,
    cap: 1000,
    state: 'used',
    source: 'card',
    out_trade_no: '20261126000000000001',
    used_at: '2026-11-26T05:00:00.000Z',
  }),
];

describe('我的卡券', () => {
  it('lists the bound cards with what each gave, and the totals', async () => {
    signIn({ level: 10, name: 'payper01' });
    mockApi({
      get: {
        [CARDS_API.mine]: () => [CARD],
        [CARDS_API.totals]: () => ({ bound: 1, unused: 0, expired: 0 }),
      },
    });
    renderApp(<MyCardsPage />, { at: '/cards/mine' });
    const row = (await screen.findByText('8454811079883992')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('新春礼品卡');
    expect(row).toHaveTextContent('高企评分 50次');
    expect(row).toHaveTextContent('使用次数');
    expect(row).toHaveTextContent('2026-11-26 12:26');
    expect(await within(screen.getByTestId('card-totals')).findByText('1')).toBeInTheDocument();
  });

  it('binds a card from the dialog and says what it gave; a refused card keeps the dialog open', async () => {
    signIn({ level: 10, name: 'payper01' });
    let refuse = true;
    mockApi({
      get: { [CARDS_API.mine]: () => [], [CARDS_API.totals]: () => ({ bound: 0, unused: 0, expired: 0 }) },
      post: { [CARDS_API.bind]: () => (refuse ? httpError(400, MSG.cardInvalid) : CARD) },
    });
    renderApp(<MyCardsPage />, { at: '/cards/mine' });
    expect(await screen.findByText('暂无数据，绑定卡券后在此查看')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /绑定卡券/ }));
    const dialog = await screen.findByRole('dialog', { name: '绑定卡券' });
    await user.type(within(dialog).getByLabelText('卡号'), '8454811079883992');
    await user.type(within(dialog).getByLabelText('卡密'), 'sufp auau 8ge2 epp5');
    await user.click(within(dialog).getByRole('button', { name: /绑\s*定/ }));
    expect(await screen.findByText(MSG.cardInvalid)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '绑定卡券' })).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: /绑\s*定/ }));
    expect(await screen.findByText('已获得：高企评分 50次')).toBeInTheDocument();
    expect(requests('post', CARDS_API.bind).at(-1)?.body).toEqual({
      card_no: '8454811079883992',
      card_secret: 'sufp auau 8ge2 epp5',
    });
  });

  it('asks for both fields before sending anything', async () => {
    signIn({ level: 10, name: 'payper01' });
    mockApi({
      get: { [CARDS_API.mine]: () => [], [CARDS_API.totals]: () => ({ bound: 0, unused: 0, expired: 0 }) },
    });
    renderApp(<MyCardsPage />, { at: '/cards/mine' });
    expect(await screen.findByText('暂无数据，绑定卡券后在此查看')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /绑定卡券/ }));
    const dialog = await screen.findByRole('dialog', { name: '绑定卡券' });
    await user.click(within(dialog).getByRole('button', { name: /绑\s*定/ }));
    expect(await within(dialog).findByText('请输入卡号')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入卡密')).toBeInTheDocument();
    expect(requests('post', CARDS_API.bind)).toEqual([]);
  });
});

describe('我的卡券 优惠券', () => {
  const cardRoutes = {
    [CARDS_API.mine]: () => [CARD],
    [CARDS_API.totals]: () => ({ bound: 1, unused: 0, expired: 0 }),
  };

  it('opens the coupons tab and draws each coupon: its amount, rule, goods, validity, state, source and order', async () => {
    signIn({ level: 10, name: 'payper01' });
    mockApi({ get: { ...cardRoutes, [COUPONS_API.mine]: () => COUPONS } });
    const user = userEvent.setup();
    renderApp(<MyCardsPage />, { at: '/cards/mine' });
    expect(await screen.findByText('8454811079883992')).toBeInTheDocument();
    expect(requests('get', COUPONS_API.mine)).toEqual([]);
    await user.click(screen.getByRole('tab', { name: '优惠券' }));
    await waitFor(() => expect(routerPath()).toBe('/cards/mine?tab=coupons'));

    const list = await screen.findByRole('list', { name: '优惠券列表' });
    const [unused, used] = within(list).getAllByRole('listitem');
    expect(unused).toHaveAccessibleName('新人满减券 未使用');
    expect(unused).toHaveTextContent('¥200');
    expect(unused).toHaveTextContent('满减券');
    expect(unused).toHaveTextContent('满1000减200');
    expect(unused).toHaveTextContent('适用：全部商品');
    expect(unused).toHaveTextContent('有效期至 2026-12-26 12:26');
    expect(unused).toHaveTextContent('来源：新人礼');
    expect(unused).not.toHaveTextContent('订单');
    expect(used).toHaveAccessibleName('专业版8折券 已使用');
    expect(used).toHaveTextContent('8折');
    expect(used).toHaveTextContent('适用：VIP专业版');
    expect(used).toHaveTextContent('来源：卡券兑换');
    expect(used).toHaveTextContent('使用订单：20261126000000000001');
    expect(requests('get', COUPONS_API.mine)[0]?.query).toEqual({});
  });

  it('filters by state through the URL and shows 暂无优惠券 when none is left', async () => {
    signIn({ level: 10, name: 'payper01' });
    mockApi({
      get: {
        ...cardRoutes,
        [COUPONS_API.mine]: (query) => (query.status === 'expired' ? [] : COUPONS),
      },
    });
    const user = userEvent.setup();
    renderApp(<MyCardsPage />, { at: '/cards/mine?tab=coupons' });
    expect(await screen.findByRole('list', { name: '优惠券列表' })).toBeInTheDocument();
    await user.click(screen.getByText('已过期'));
    expect(await screen.findByText('暂无优惠券')).toBeInTheDocument();
    expect(routerPath()).toBe('/cards/mine?tab=coupons&status=expired');
    expect(requests('get', COUPONS_API.mine).at(-1)?.query).toEqual({ status: 'expired' });
    // The cards tab's calls are not made while it is not shown.
    expect(requests('get', CARDS_API.mine)).toEqual([]);
  });

  it('tags a bound coupon card as 优惠券', async () => {
    signIn({ level: 10, name: 'payper01' });
    mockApi({
      get: {
        [CARDS_API.mine]: () => [{ ...CARD, kind: 'coupon', grant: '优惠券 专业版8折券' }],
        [CARDS_API.totals]: () => ({ bound: 1, unused: 0, expired: 0 }),
      },
    });
    renderApp(<MyCardsPage />, { at: '/cards/mine' });
    const row = (await screen.findByText('8454811079883992')).closest('tr') as HTMLElement;
    expect(within(row).getByText('优惠券', { selector: '.ant-tag' })).toBeInTheDocument();
  });
});
