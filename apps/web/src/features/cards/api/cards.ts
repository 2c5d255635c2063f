// The member's redemption cards: GET /saastools/mycard, GET /saastools/cardtotal/, POST /saastools/bindusercard.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BindCardInput,
  CARDS_API,
  type CardTotals,
  endpoint,
  type GiftCards,
  type GiftOrderQuery,
  type GiftProduct,
  type MyCard,
} from '@uc/shared';
import { call } from '../../../lib/http/http';
import { myToolsKey } from '../../../lib/tools/get-my-tools';

const MINE = endpoint<MyCard[]>()('GET', CARDS_API.mine);
const TOTALS = endpoint<CardTotals>()('GET', CARDS_API.totals);
const BIND = endpoint<MyCard, BindCardInput>()('POST', CARDS_API.bind);
const SHOP = endpoint<GiftProduct[]>()('GET', CARDS_API.shop);
const GIFT_CARDS = endpoint<GiftCards, GiftOrderQuery>()('GET', CARDS_API.giftCards);

export const cardsKeys = {
  forUser: (userId: number) => ['cards', userId] as const,
};

export function getMyCards(): Promise<MyCard[]> {
  return call(MINE, {});
}

export function getCardTotals(): Promise<CardTotals> {
  return call(TOTALS, {});
}

export function bindCard(input: BindCardInput): Promise<MyCard> {
  return call(BIND, { input });
}

export const myCardsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...cardsKeys.forUser(userId), 'mine'], queryFn: getMyCards });

export const cardTotalsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...cardsKeys.forUser(userId), 'totals'], queryFn: getCardTotals });

export function useMyCards(userId: number) {
  return useQuery({ ...myCardsQueryOptions(userId), enabled: userId > 0 });
}

export function useCardTotals(userId: number) {
  return useQuery({ ...cardTotalsQueryOptions(userId), enabled: userId > 0 });
}

/** Binding changes the cards and, for a credits card, 我的工具. */
export function useBindCard(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindCard,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: cardsKeys.forUser(userId) }),
        client.invalidateQueries({ queryKey: myToolsKey(userId) }),
      ]),
  });
}

export function getGiftProducts(): Promise<GiftProduct[]> {
  return call(SHOP, {});
}

export const giftProductsQueryOptions = () =>
  queryOptions({ queryKey: ['cards', 'shop'] as const, queryFn: getGiftProducts });

export function useGiftProducts() {
  return useQuery(giftProductsQueryOptions());
}

/** A paid gift order's cards: the secrets the first time only, so it is asked for on the member's click, never kept. */
export function getGiftCards(outTradeNo: string): Promise<GiftCards> {
  return call(GIFT_CARDS, { input: { out_trade_no: outTradeNo } });
}
