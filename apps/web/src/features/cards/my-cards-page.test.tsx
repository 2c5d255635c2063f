import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CARDS_API, MSG, type MyCard } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { httpError, mockApi, requests } from '../../test/api';
import { renderApp } from '../../test/render';
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
