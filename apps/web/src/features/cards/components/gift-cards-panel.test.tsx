import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CARDS_API, type GiftCards } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../../test/api';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/session';
import { GiftCardsPanel } from './gift-cards-panel';

const NO = '20261127000000000001';
const answer = (over: Partial<GiftCards>): GiftCards => ({
  out_trade_no: NO,
  name: '高企评分50次卡',
  grant: '高企评分 50次',
  expires_at: '2027-11-26T16:00:00.000Z',
  cards: [{ card_no: '1769436009767464', card_secret: '9458WBJW8Q5EU4HP', bound: false }],
  shown: false,
  downloaded: false,
  ...over,
});

describe('礼品卡卡密', () => {
  it('asks for the secrets only on the member’s click and shows them with the warning', async () => {
    signIn({ level: 22, name: 'demouser' });
    mockApi({ get: { [CARDS_API.giftCards]: () => answer({}) } });
    renderApp(<GiftCardsPanel outTradeNo={NO} />);
    expect(screen.getByText(/卡密仅显示一次、仅可下载一次/)).toBeInTheDocument();
    expect(requests('get', CARDS_API.giftCards)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: /查看卡号卡密/ }));
    expect(await screen.findByText('9458WBJW8Q5EU4HP')).toBeInTheDocument();
    expect(screen.getByText('未使用')).toBeInTheDocument();
  });

  it('says when the secrets were shown before, and offers no download once it happened', async () => {
    signIn({ level: 22, name: 'demouser' });
    mockApi({
      get: {
        [CARDS_API.giftCards]: () =>
          answer({
            shown: true,
            downloaded: true,
            cards: [{ card_no: '1769436009767464', card_secret: null, bound: true }],
          }),
      },
    });
    renderApp(<GiftCardsPanel outTradeNo={NO} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /查看卡号卡密/ }));
    expect(await screen.findByText(/卡密已显示过，不再显示/)).toBeInTheDocument();
    expect(screen.getByText('已绑定')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /已下载/ })).toBeDisabled();
  });
});
