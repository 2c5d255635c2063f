// An app for the commerce tests: a movable clock shared with a real sandbox provider (whose notifications the tests
// post), no per-IP request limit, and helpers for orders, payments and the member's stored plan.
import {
  COMMERCE_API,
  DAY_MS,
  type OrderCreated,
  PAY_TYPE,
  type PayCreated,
  type PayStatus,
} from '@uc/shared';
import { expect } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { createMemoryStore } from '../../src/lib/kv.js';
import { createGiftGoods } from '../../src/modules/cards/gifts.js';
import { cardKeys } from '../../src/modules/cards/secrets.js';
import type { Ledger } from '../../src/modules/commerce/crediting.js';
import { createCreditGoods } from '../../src/modules/tools/service.js';
import { createUsersService } from '../../src/modules/users/service.js';
import { createSandboxProvider, type SandboxProvider } from '../../src/providers/payment/sandbox.js';
import type { PaymentChannels } from '../../src/providers/payment/types.js';
import { type ConfigOverrides, createTestApp, type Envelope, TEST_JWT_SECRET, type TestApp } from './app.js';
import { type FakeAlipay, startFakeAlipay } from './fake-alipay.js';
import { type FakeWechatpay, startFakeWechatpay } from './fake-wechatpay.js';
import { bearer, type DemoName, login } from './login.js';

const defaults = loadConfig({ NODE_ENV: 'test' });

export interface ShopApp extends TestApp {
  sandbox: SandboxProvider;
  /** What crediting writes to (the operator's transfer confirmation takes it). */
  ledger: Ledger;
  advance(ms: number): void;
  now(): Date;
}

/**
 * The sandbox serves both channels (as in the embedded default). `wrap` may replace a channel's provider, e.g. one
 * whose notifications are lost.
 */
export async function createShopApp(
  overrides: ConfigOverrides = {},
  wrap: (sandbox: SandboxProvider) => Partial<Pick<PaymentChannels, 'wechat' | 'alipay'>> = () => ({}),
): Promise<ShopApp> {
  let clock = Date.now();
  const now = () => new Date(clock);
  const store = createMemoryStore(() => clock);
  const sandbox = createSandboxProvider({
    kv: store.kv,
    secret: TEST_JWT_SECRET,
    publicBaseUrl: 'http://localhost:3000',
    now,
  });
  const channels: PaymentChannels = {
    wechat: sandbox,
    alipay: sandbox,
    ...wrap(sandbox),
    byName: (name) => (name === 'sandbox' ? sandbox : null),
  };
  const t = await createTestApp(
    {
      rateLimitPerMinute: 0,
      login: { maxPerIpPerMinute: 1_000 },
      identity: { ...defaults.identity, registerPerIpPerMinute: 1_000 },
      ...overrides,
    } as ConfigOverrides & { identity: Config['identity'] },
    { now, payments: channels },
  );
  return {
    ...t,
    sandbox,
    ledger: {
      db: t.db,
      goods: {
        ...createCreditGoods(t.db),
        ...createGiftGoods(t.db, cardKeys(TEST_JWT_SECRET)),
        setPlan: createUsersService({ db: t.db, now }).setPlan,
      },
    },
    advance(ms) {
      clock += ms;
    },
    now,
    async close() {
      await t.close();
      await store.close();
    },
  };
}

export async function post<T>(
  t: TestApp,
  token: string | null,
  url: string,
  payload: Record<string, unknown>,
) {
  const res = await t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

export async function get<T>(t: TestApp, token: string | null, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

export async function createOrder(t: TestApp, token: string, gid: number, count = 1): Promise<OrderCreated> {
  const { status, body } = await post<OrderCreated>(t, token, COMMERCE_API.order, { gid, count });
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data;
}

/** The pay payload the page sends for an order. */
export function payPayload(order: OrderCreated, over: Record<string, unknown> = {}) {
  return {
    gid: order.gid,
    out_trade_no: order.out_trade_no,
    pay_type: PAY_TYPE.wechat,
    expired_time: order.expired_time ?? '',
    finalPrice: order.price,
    count: order.count,
    ...over,
  };
}

export async function pay(
  t: TestApp,
  token: string,
  order: OrderCreated,
  over: Record<string, unknown> = {},
): Promise<PayCreated> {
  const { status, body } = await post<PayCreated>(t, token, COMMERCE_API.pay, payPayload(order, over));
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data;
}

export async function payStatus(t: TestApp, token: string, outTradeNo: string): Promise<PayStatus> {
  const { status, body } = await get<PayStatus>(
    t,
    token,
    `${COMMERCE_API.payStatus}?out_trade_no=${outTradeNo}`,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

/** Orders `count` of a plan, pays its QR at the sandbox and delivers the notification; the money paid (fen). */
export async function buyPaid(t: ShopApp, token: string, gid: number, count = 1): Promise<number> {
  const order = await createOrder(t, token, gid, count);
  const qr = await pay(t, token, order);
  const notification = await t.sandbox.confirm(qr.orderid);
  if (!notification) throw new Error('the sandbox refused the payment');
  expect((await notify(t, notification)).statusCode).toBeLessThan(300);
  return Math.round(order.price * 100);
}

/** Posts a signed sandbox notification as the provider would. */
export function notify(t: TestApp, notification: { headers: Record<string, string>; body: string }) {
  return t.app.inject({
    method: 'POST',
    url: COMMERCE_API.notifySandbox,
    headers: notification.headers,
    payload: notification.body,
  });
}

/**
 * Sets a member's stored plan (level, gid, expiry `days` from `now`) as if it had been bought at the catalogue price
 * (a plan period worth the unit price × days / 365, starting a run); the member's open orders, priced against the plan
 * before, are closed first. What staff grant goes through the console's route instead.
 */
export async function setPlan(
  t: TestApp,
  username: string,
  plan: { level: number; gid: number | null; days: number | null },
  now: Date,
): Promise<number> {
  const expiry =
    plan.days === null ? null : new Date(now.getTime() + plan.days * DAY_MS + 3_600_000).toISOString();
  const row = await t.db
    .updateTable('users')
    .set({ level: plan.level, gid: plan.gid, expired_at: expiry })
    .where('username', '=', username)
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('orders')
    .set({ status: 'closed' })
    .where('user_id', '=', row.id)
    .where('status', 'in', ['created', 'paying'])
    .execute();
  const catalogue =
    plan.gid === null
      ? undefined
      : await t.db
          .selectFrom('plans')
          .select('unit_price_fen')
          .where('gid', '=', plan.gid)
          .executeTakeFirst();
  if (plan.gid !== null && plan.days !== null && expiry !== null && catalogue) {
    const stamp = now.toISOString();
    await t.db
      .insertInto('plan_periods')
      .values({
        user_id: row.id,
        gid: plan.gid,
        kind: 'start',
        starts_at: stamp,
        ends_at: expiry,
        value_fen: Math.floor((catalogue.unit_price_fen * plan.days) / 365),
        source: 'order',
        order_id: null,
        created_at: stamp,
      })
      .execute();
  }
  return row.id;
}

export const memberRow = (t: TestApp, username: string) =>
  t.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

export const changesOf = (t: TestApp, userId: number) =>
  t.db.selectFrom('membership_changes').selectAll().where('user_id', '=', userId).execute();

export const orderRow = (t: TestApp, outTradeNo: string) =>
  t.db.selectFrom('orders').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow();

export const loginAs = (t: TestApp, name: DemoName) => login(t.app, name);

// --- The real WeChat Pay and Alipay providers against the local fake gateways ---

/** A movable clock shared by the apps and the fake gateways (notification timestamps follow it). */
export interface Clock {
  now(): Date;
  advance(ms: number): void;
}

export function createClock(start = Date.now()): Clock {
  let at = start;
  return {
    now: () => new Date(at),
    advance(ms) {
      at += ms;
    },
  };
}

export interface Gateways {
  wx: FakeWechatpay;
  ali: FakeAlipay;
  close(): Promise<void>;
}

export async function startGateways(clock: Clock): Promise<Gateways> {
  const [wx, ali] = await Promise.all([
    startFakeWechatpay({ now: clock.now }),
    startFakeAlipay({ now: clock.now }),
  ]);
  return {
    wx,
    ali,
    async close() {
      await Promise.all([wx.close(), ali.close()]);
    },
  };
}

/** PUBLIC_BASE_URL of the gateway apps: the notify URLs the gateways are given start with it. */
export const GATEWAY_BASE_URL = 'https://pay.example.com';

/**
 * An app whose channels are the real WeChat Pay and Alipay providers pointed at the fake gateways, on the shared
 * clock. The order sweep is stopped: tests call `app.commerce.sweep()` when they want it.
 */
export async function createGatewayApp(
  gateways: Gateways,
  clock: Clock,
  overrides: ConfigOverrides = {},
): Promise<TestApp> {
  const t = await createTestApp(
    {
      rateLimitPerMinute: 0,
      login: { maxPerIpPerMinute: 1_000 },
      identity: { ...defaults.identity, registerPerIpPerMinute: 1_000 },
      payment: {
        ...defaults.payment,
        publicBaseUrl: GATEWAY_BASE_URL,
        wechat: gateways.wx.config,
        alipay: gateways.ali.config,
      },
      ...overrides,
    } as ConfigOverrides & { identity: Config['identity'] },
    { now: clock.now },
  );
  t.app.commerce.stopSweep();
  return t;
}

/** Posts a notification (headers and raw body as the gateway sends them) to a notify path. */
export function deliver(
  t: TestApp,
  url: string,
  notification: { headers: Record<string, string>; body: string },
) {
  return t.app.inject({ method: 'POST', url, headers: notification.headers, payload: notification.body });
}

/** The events recorded for a provider trade number, oldest first. */
export const eventsOfTrade = (t: TestApp, tradeNo: string) =>
  t.db.selectFrom('payment_events').selectAll().where('trade_no', '=', tradeNo).orderBy('id').execute();

export const attemptRow = (t: TestApp, tradeNo: string) =>
  t.db.selectFrom('payment_attempts').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
