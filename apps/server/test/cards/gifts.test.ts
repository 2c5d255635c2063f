// 购买卡 (GET/POST /saastools/shoppaycard): gift cards bought through the same orders; a paid order issues its cards
// once, their secrets shown to the buyer once and downloadable as .xlsx once, then dropped; a bought card binds like
// any other; the buyer's 卡券 totals count them. 401 without a token, 403 for another member's order or a sub-account.
import {
  CARDS_API,
  type CardTotals,
  type GiftCards,
  type GiftProduct,
  MSG,
  type MyCard,
  type OrderCreated,
  PLAN,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../support/app.js';
import { createShopApp, get, loginAs, notify, pay, post, type ShopApp } from '../support/commerce.js';
import { bearer } from '../support/login.js';
import { createMember } from '../support/members.js';

let t: ShopApp;
let buyer: string;
let gold: string;
let sub: string;
let products: GiftProduct[];

beforeAll(async () => {
  t = await createShopApp();
  buyer = await loginAs(t, 'demouser');
  gold = await loginAs(t, 'goldvip01');
  sub = await loginAs(t, 'demosub01');
  products = (await get<GiftProduct[]>(t, buyer, CARDS_API.shop)).body.data;
});
afterAll(() => t.close());

const product = (name: string): GiftProduct => {
  const found = products.find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
};

async function buyAndPay(token: string, name: string, count: number): Promise<OrderCreated> {
  const res = await post<OrderCreated>(t, token, CARDS_API.shop, { product: product(name).id, count });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const qr = await pay(t, token, res.body.data);
  const notification = await t.sandbox.confirm(qr.orderid);
  if (!notification) throw new Error('the sandbox refused');
  expect((await notify(t, notification)).statusCode).toBe(204);
  return res.body.data;
}

const cardsUrl = (no: string) => `${CARDS_API.giftCards}?out_trade_no=${no}`;
const xlsxUrl = (no: string) => `${CARDS_API.giftCardsXlsx}?out_trade_no=${no}`;

describe('购买卡', () => {
  it('lists the gift cards on sale with what each gives', () => {
    expect(products.map((p) => [p.name, p.grant, p.kind])).toEqual([
      ['VIP地方版年卡', 'VIP地方版 1年', 'plan'],
      ['VIP专业版年卡', 'VIP专业版 1年', 'plan'],
      ['高企评分50次卡', '高企评分 50次', 'credits'],
      ['专精特新评测50次卡', '专精特新评测 50次', 'credits'],
    ]);
  });

  it('sells cards as an order, issues them once paid, shows the secrets once and downloads them once', async () => {
    const created = await buyAndPay(buyer, '高企评分50次卡', 2);
    expect(created).toMatchObject({
      gid: PLAN.gift,
      kind: 'gift',
      count: 2,
      price: product('高企评分50次卡').price * 2,
      gift: { id: product('高企评分50次卡').id, name: '高企评分50次卡' },
      lines: [{ label: '高企评分50次卡 × 2张' }],
    });
    const first = await get<GiftCards>(t, buyer, cardsUrl(created.out_trade_no));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      name: '高企评分50次卡',
      grant: '高企评分 50次',
      shown: false,
      downloaded: false,
    });
    expect(first.body.data.cards).toHaveLength(2);
    for (const card of first.body.data.cards) {
      expect(card.card_no).toMatch(/^\d{16}$/);
      expect(card.card_secret).toMatch(/^[2-9A-HJKMNP-Z]{16}$/);
    }
    const again = await get<GiftCards>(t, buyer, cardsUrl(created.out_trade_no));
    expect(again.body.data).toMatchObject({ shown: true });
    expect(again.body.data.cards.every((c) => c.card_secret === null)).toBe(true);

    const file = await t.app.inject({ url: xlsxUrl(created.out_trade_no), headers: bearer(buyer) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const twice = await t.app.inject({ url: xlsxUrl(created.out_trade_no), headers: bearer(buyer) });
    expect(twice.statusCode).toBe(410);
    expect(twice.json<Envelope<null>>().message).toBe(MSG.giftCardsDownloaded);
    const sealed = await t.db
      .selectFrom('cards')
      .select('secret_sealed')
      .where('secret_sealed', 'is not', null)
      .execute();
    expect(sealed).toEqual([]);

    // A bought card binds like any other; the buyer's totals count what is left.
    const before = await get<CardTotals>(t, buyer, CARDS_API.totals);
    const customer = await createMember(t, 'giftcust01', { level: 10 });
    await t.db
      .updateTable('users')
      .set({ gid: null, expired_at: null })
      .where('id', '=', customer.id)
      .execute();
    const [card] = first.body.data.cards;
    const bound = await post<MyCard>(t, customer.token, CARDS_API.bind, {
      card_no: card?.card_no,
      card_secret: card?.card_secret,
    });
    expect(bound.body.data).toMatchObject({ grant: '高企评分 50次', name: '高企评分50次卡' });
    const after = await get<CardTotals>(t, buyer, CARDS_API.totals);
    expect(after.body.data.unused).toBe(before.body.data.unused - 1);
  });

  it('answers 404 before the order is paid, 403 to another member, a sub-account and 401 without a token', async () => {
    const res = await post<OrderCreated>(t, buyer, CARDS_API.shop, { product: product('VIP专业版年卡').id });
    const no = res.body.data.out_trade_no;
    expect(await get(t, buyer, cardsUrl(no))).toMatchObject({
      status: 404,
      body: { message: MSG.giftCardsPending },
    });
    expect((await get(t, gold, cardsUrl(no))).status).toBe(403);
    expect((await get(t, sub, cardsUrl(no))).status).toBe(403);
    expect((await get(t, null, cardsUrl(no))).status).toBe(401);
    expect((await post(t, sub, CARDS_API.shop, { product: product('VIP专业版年卡').id })).status).toBe(403);
    expect((await post(t, null, CARDS_API.shop, { product: 1 })).status).toBe(401);
  });

  it('refuses an unknown product and a count outside 1-5', async () => {
    expect(await post(t, buyer, CARDS_API.shop, { product: 999_999 })).toMatchObject({
      status: 400,
      body: { message: MSG.giftInvalid },
    });
    expect(await post(t, buyer, CARDS_API.shop, { product: 'x' })).toMatchObject({
      status: 400,
      body: { message: MSG.giftInvalid },
    });
    expect(
      await post(t, buyer, CARDS_API.shop, { product: product('VIP地方版年卡').id, count: 6 }),
    ).toMatchObject({
      status: 400,
      body: { message: MSG.orderCountInvalid },
    });
  });
});
