// The member's redemption cards: GET /saastools/mycard, GET /saastools/cardtotal/, POST /saastools/bindusercard.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import {
  type BindCardInput,
  CARDS_API,
  type CardTotals,
  type Envelope,
  type GiftCards,
  type GiftProduct,
  type MyCard,
} from '@uc/shared';
import { http } from '../../../lib/http/http';
import { myToolsKey } from '../../../lib/tools/get-my-tools';

export const cardsKeys = {
  forUser: (userId: number) => ['cards', userId] as const,
};

export async function getMyCards(): Promise<MyCard[]> {
  return unwrap((await http.get<Envelope<MyCard[]>>(CARDS_API.mine)).data);
}

export async function getCardTotals(): Promise<CardTotals> {
  return unwrap((await http.get<Envelope<CardTotals>>(CARDS_API.totals)).data);
}

export async function bindCard(input: BindCardInput): Promise<MyCard> {
  return unwrap((await http.post<Envelope<MyCard>>(CARDS_API.bind, input)).data);
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

export async function getGiftProducts(): Promise<GiftProduct[]> {
  return unwrap((await http.get<Envelope<GiftProduct[]>>(CARDS_API.shop)).data);
}

export const giftProductsQueryOptions = () =>
  queryOptions({ queryKey: ['cards', 'shop'] as const, queryFn: getGiftProducts });

export function useGiftProducts() {
  return useQuery(giftProductsQueryOptions());
}

/** A paid gift order's cards: the secrets the first time only, so it is asked for on the member's click, never kept. */
export async function getGiftCards(outTradeNo: string): Promise<GiftCards> {
  return unwrap(
    (await http.get<Envelope<GiftCards>>(CARDS_API.giftCards, { params: { out_trade_no: outTradeNo } })).data,
  );
}
