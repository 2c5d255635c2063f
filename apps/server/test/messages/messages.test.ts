// 消息中心 (/api/ccw/message/*): a message stored for every push kind (policy match on the 站内 channel, order paid,
// invoice issued, login elsewhere, password changed, sub-account created / disabled / deleted), a policy message
// fanned out to the main account and its sub-accounts each with its own read state, unread counts, read / read-all /
// delete limited to the caller's own messages, PUSH_INBOX on the socket, the caller's transaction, the 180-day sweep,
// 401 without a token and the Chinese refusals of malformed requests.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ACCOUNT_API,
  COMMERCE_API,
  DAY_MS,
  fillPath,
  INBOX_API,
  INVOICE_API,
  type InboxMessage,
  type InboxUnreadCount,
  type Invoice,
  MSG,
  MSG_WITH,
  type OrderCreated,
  type Page,
  PLAN,
  PUSH_INBOX,
  SUBSCRIBE_API,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInvoicesCli } from '../../src/modules/invoices/cli.js';
import { createInvoicesService } from '../../src/modules/invoices/service.js';
import { createMessagesService } from '../../src/modules/messages/service.js';
import { samplePdf } from '../../src/plugins/dev.js';
import { call } from '../support/account.js';
import type { Envelope } from '../support/app.js';
import { createShopApp, get, notify, pay, post, type ShopApp, setPlan } from '../support/commerce.js';
import { bearer, hashed, loginRequest } from '../support/login.js';
import { createMember, MEMBER_PASSWORD, type TestMember } from '../support/members.js';
import { connect, wsUrl } from '../support/push-socket.js';

let t: ShopApp;
let seq = 0;
const quiet = { warn: () => {} };

beforeAll(async () => {
  t = await createShopApp({ seedDemo: false });
});
afterAll(() => t.close());

async function member(parent?: TestMember): Promise<TestMember> {
  seq += 1;
  return createMember(t, `inbox${seq}${parent ? 'sub' : ''}`, parent ? { parentId: parent.id } : {});
}

const inbox = async (m: TestMember, query = '') => {
  const res = await get<Page<InboxMessage>>(t, m.token, `${INBOX_API.list}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const unread = async (m: TestMember) =>
  (await get<InboxUnreadCount>(t, m.token, INBOX_API.unreadCount)).body.data;
const rowsOf = (userId: number) =>
  t.db.selectFrom('messages').selectAll().where('user_id', '=', userId).orderBy('id').execute();

async function settle(m: TestMember, form: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: SUBSCRIBE_API.updateConfig,
    headers: { ...bearer(m.token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  expect(res.json<Envelope>().code, res.body).toBe(200);
}

const policyItem = (title: string) => ({
  type: 'zcdt',
  dept_name: '深圳市科技创新委员会',
  city_code: '440300',
  area_code: null,
  industry_code: null,
  publish_time: t.now().toISOString(),
  end_time: null,
  title,
});

describe('access and validation', () => {
  it('answers 401 without a token on every call', async () => {
    for (const [method, url] of [
      ['GET', INBOX_API.list],
      ['GET', INBOX_API.unreadCount],
      ['POST', INBOX_API.read],
      ['POST', INBOX_API.readAll],
      ['POST', INBOX_API.delete],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { ids: [1] } } : {}),
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json<Envelope>().message).toBe(MSG.unauthorized);
    }
  });

  it('refuses malformed requests with the Chinese message', async () => {
    const m = await member();
    const refusals: [string, string, Record<string, unknown> | null, string][] = [
      ['GET', `${INBOX_API.list}?status=read`, null, MSG.inboxStatusInvalid],
      ['GET', `${INBOX_API.list}?kind=spam`, null, MSG.inboxKindInvalid],
      ['GET', `${INBOX_API.list}?size=1000`, null, MSG.sizeInvalid],
      ['POST', INBOX_API.read, { ids: [] }, MSG.inboxIdsRequired],
      ['POST', INBOX_API.read, {}, MSG.inboxIdsRequired],
      ['POST', INBOX_API.delete, { ids: [0] }, MSG.inboxIdInvalid],
      ['POST', INBOX_API.delete, { ids: [2_147_483_648] }, MSG.inboxIdInvalid],
      ['POST', INBOX_API.read, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, MSG.inboxIdsTooMany],
    ];
    for (const [method, url, payload, message] of refusals) {
      const res = await call(t.app, method as 'GET' | 'POST', url, m.token, payload ?? undefined);
      expect(res.status, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('policy matches (站内)', () => {
  it('stores a matching item for the main account and each sub-account, each with its own read state', async () => {
    const main = await member();
    const sub = await member(main);
    const mailOnly = await member();
    await settle(main, { regions: '440300', keywords: '消息中心测试', channels: 'site,email' });
    await settle(mailOnly, { regions: '440300', keywords: '消息中心测试', channels: 'email' });

    const id = await t.app.publisher.publish(policyItem('深圳市消息中心测试专项资金申报通知'));
    const [mine] = (await inbox(main)).list;
    expect(mine).toMatchObject({
      kind: 'policy',
      title: '深圳市消息中心测试专项资金申报通知',
      body: MSG.inboxPolicyBody,
      link: `/policy/detail?id=${id}`,
      read: false,
    });
    const [theirs] = (await inbox(sub)).list;
    expect(theirs).toMatchObject({ kind: 'policy', title: mine?.title, read: false });
    expect(theirs?.id).not.toBe(mine?.id);
    // Without the 站内 channel nothing is kept (the digest goes by email).
    expect((await inbox(mailOnly)).total).toBe(0);

    expect(await unread(main)).toMatchObject({ total: 1, by_kind: { policy: 1, order: 0, system: 0 } });
    // The main account reads its copy; the sub-account's stays unread.
    expect((await post(t, main.token, INBOX_API.read, { ids: [mine?.id] })).body.data).toEqual({ count: 1 });
    expect((await unread(main)).total).toBe(0);
    expect((await unread(sub)).total).toBe(1);
    expect((await inbox(sub, '?status=unread')).list.map((m) => m.id)).toEqual([theirs?.id]);
    expect((await inbox(main, '?status=unread')).total).toBe(0);
    expect((await inbox(main, '?kind=policy')).total).toBe(1);
    expect((await inbox(main, '?kind=order')).total).toBe(0);
  });
});

describe('order paid and invoice issued', () => {
  it('stores the paid order, then the issued invoice, for the main account', async () => {
    const m = await member();
    await setPlan(t, m.username, { level: 10, gid: null, days: null }, t.now());
    const order = await post<OrderCreated>(t, m.token, COMMERCE_API.order, { gid: PLAN.local, count: 1 });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const qr = await pay(t, m.token, order.body.data);
    const notification = await t.sandbox.confirm(qr.orderid);
    if (!notification) throw new Error('the sandbox refused');
    expect((await notify(t, notification)).statusCode).toBe(204);
    const outTradeNo = order.body.data.out_trade_no;
    const [paid] = (await inbox(m)).list;
    expect(paid).toMatchObject({
      kind: 'order',
      title: MSG.inboxOrderPaidTitle,
      body: MSG_WITH.inboxOrderPaid(outTradeNo, '3980.00'),
      link: '/order/list',
      read: false,
    });

    const applied = await post<Invoice>(t, m.token, INVOICE_API.apply, {
      out_trade_no: outTradeNo,
      invoice_type: 'normal',
      title_type: 'company',
      title: '深圳市消息测试科技有限公司',
      tax_no: '91440300MA5FJQ6X39',
      email: 'inbox@example.com',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'uc-inbox-'));
    const file = join(dir, 'invoice.pdf');
    await writeFile(file, samplePdf(['Invoice']));
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    const args = ['issue', String(applied.body.data.id), '--pdf', file, '--number', '44031234'];
    expect(await runInvoicesCli(t.db, args, out, t.now), lines.join('\n')).toBe(0);
    // This instance's notifier or the running server's, whichever claims it, keeps it in the inbox.
    const messages = createMessagesService({
      db: t.db,
      now: t.now,
      push: { toGroup: async () => {} },
      log: quiet,
    });
    await createInvoicesService({
      db: t.db,
      now: t.now,
      push: { toGroup: async () => {} },
      mail: { name: 'test', send: async () => {} },
      inbox: messages,
      log: quiet,
    }).notifyIssued();
    await expect
      .poll(async () => (await inbox(m, '?kind=invoice')).list[0], { timeout: 5_000 })
      .toMatchObject({
        kind: 'invoice',
        title: MSG.inboxInvoiceIssuedTitle,
        body: MSG_WITH.inboxInvoiceIssued('深圳市消息测试科技有限公司', '44031234'),
        link: '/invoice/list',
      });
    expect(await unread(m)).toMatchObject({ total: 2, by_kind: { order: 1, invoice: 1 } });
  });
});

describe('security and sub-accounts', () => {
  it('stores a login elsewhere for that account only', async () => {
    const main = await member();
    const sub = await member(main);
    const again = await loginRequest(t.app, main.username, MEMBER_PASSWORD);
    const token = again.json<Envelope<{ token: string }>>().data.token;
    const [message] = (await inbox({ ...main, token })).list;
    expect(message).toMatchObject({
      kind: 'security',
      title: MSG.inboxLoginElsewhereTitle,
      link: '/account/safe',
    });
    expect(message?.body).toContain('IP：');
    expect((await inbox(sub)).total).toBe(0);
  });

  it('tells the main account and the sub-account of its creation, password, disabling, and only the main of its deletion', async () => {
    const main = await member();
    const socket = await connect(t.app, wsUrl(main.id, main.token));
    expect(await socket.next()).toMatchObject({ code: 0 });
    const added = await call<{ id: number }>(t.app, 'POST', ACCOUNT_API.users, main.token, {
      username: `inboxteam${seq}`,
      password: hashed('Sub123456'),
      name: '王五',
    });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    const subId = added.body.data.id;
    // Every open page of the group refreshes its bell.
    expect(await socket.next()).toEqual({ code: PUSH_INBOX, message: '' });
    const username = `inboxteam${seq}`;

    const changed = await call(t.app, 'POST', fillPath(ACCOUNT_API.changePasswd, subId), main.token, {
      newpassword: hashed('Sub654321'),
      surepassword: hashed('Sub654321'),
    });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe(200);
    const disabled = await call(t.app, 'PUT', fillPath(ACCOUNT_API.user, subId), main.token, {
      enabled: false,
    });
    expect(disabled.body.code, JSON.stringify(disabled.body)).toBe(200);
    expect((await call(t.app, 'DELETE', fillPath(ACCOUNT_API.user, subId), main.token)).body.code).toBe(200);
    socket.ws.close();

    expect((await inbox(main)).list.map((m) => [m.kind, m.title, m.body, m.link])).toEqual([
      ['team', MSG_WITH.inboxSubTitle('删除'), MSG_WITH.inboxSubChanged(username, '删除'), '/account/sub'],
      ['team', MSG_WITH.inboxSubTitle('停用'), MSG_WITH.inboxSubChanged(username, '停用'), '/account/sub'],
      ['team', MSG_WITH.inboxSubTitle('创建'), MSG_WITH.inboxSubChanged(username, '创建'), '/account/sub'],
    ]);
    // The sub-account's own inbox (it can no longer sign in): created, password changed, disabled.
    expect((await rowsOf(subId)).map((r) => [r.kind, r.title, r.link])).toEqual([
      ['team', MSG_WITH.inboxSubTitle('创建'), ''],
      ['security', MSG.inboxPasswordChangedTitle, '/account/safe'],
      ['team', MSG_WITH.inboxSubTitle('停用'), ''],
    ]);
  });
});

describe('read, read-all and delete', () => {
  it('changes only the caller’s messages; another account’s ids are untouched', async () => {
    const a = await member();
    const b = await member();
    const messages = createMessagesService({
      db: t.db,
      now: t.now,
      push: { toGroup: async () => {} },
      log: quiet,
    });
    for (const title of ['一', '二', '三'])
      await messages.deliver({ userIds: [a.id], kind: 'system', title });
    await messages.deliver({ userIds: [b.id], kind: 'system', title: '乙' });
    const mine = (await inbox(a)).list;
    expect(mine.map((m) => m.title)).toEqual(['三', '二', '一']);
    const [theirs] = (await inbox(b)).list;
    if (!theirs) throw new Error('no message for b');

    // b's id among a's: only a's message changes.
    const read = await post(t, a.token, INBOX_API.read, { ids: [mine[0]?.id, theirs.id, theirs.id] });
    expect(read.body).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await post(t, a.token, INBOX_API.delete, { ids: [theirs.id] })).body.data).toEqual({ count: 0 });
    expect((await inbox(b)).list).toMatchObject([{ id: theirs.id, read: false }]);
    expect((await unread(a)).total).toBe(2);

    expect((await post(t, a.token, INBOX_API.readAll, {})).body.data).toEqual({ count: 2 });
    expect((await unread(a)).total).toBe(0);
    expect((await unread(b)).total).toBe(1);

    expect((await post(t, a.token, INBOX_API.delete, { ids: [mine[1]?.id] })).body.data).toEqual({
      count: 1,
    });
    expect((await inbox(a)).list.map((m) => m.title)).toEqual(['三', '一']);
    expect((await inbox(a, '?page=2&size=1')).list.map((m) => m.title)).toEqual(['一']);
  });

  it('cuts long text, drops links that leave the app, and fans a group kind out only to live sub-accounts', async () => {
    const main = await member();
    const sub = await member(main);
    const gone = await member(main);
    await t.db
      .updateTable('users')
      .set({ deleted_at: t.now().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    const messages = createMessagesService({
      db: t.db,
      now: t.now,
      push: { toGroup: async () => {} },
      log: quiet,
    });
    await messages.deliver({
      userIds: [main.id],
      kind: 'reminder',
      title: '长'.repeat(300),
      link: '//evil.example',
    });
    await messages.deliver({
      userIds: [main.id],
      kind: 'system',
      title: '仅主账号',
      link: 'https://x.example/',
    });
    // The web app's base path is dropped: links are router paths.
    await messages.deliver({
      userIds: [main.id],
      kind: 'system',
      title: '基址',
      link: '/usercenter/invoice/list',
    });
    expect((await rowsOf(main.id)).map((r) => [r.title.length, r.link])).toEqual([
      [100, ''],
      [4, ''],
      [2, '/invoice/list'],
    ]);
    expect((await rowsOf(sub.id)).map((r) => r.kind)).toEqual(['reminder']);
    expect(await rowsOf(gone.id)).toEqual([]);
  });
});

describe('delivery in a transaction and retention', () => {
  it('stores with the caller’s transaction and announces after it', async () => {
    const m = await member();
    const pushed: { group: number; code: number }[] = [];
    const messages = createMessagesService({
      db: t.db,
      now: t.now,
      push: { toGroup: async (group, message) => void pushed.push({ group, code: message.code }) },
      log: quiet,
    });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await messages.deliverIn(trx, { userIds: [m.id], kind: 'system', title: '回滚' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsOf(m.id)).toEqual([]);
    const announce = await t.db
      .transaction()
      .execute((trx) => messages.deliverIn(trx, { userIds: [m.id], kind: 'system', title: '提交' }));
    expect(pushed).toEqual([]);
    await announce();
    expect(pushed).toEqual([{ group: m.id, code: PUSH_INBOX }]);
    expect((await rowsOf(m.id)).map((r) => r.title)).toEqual(['提交']);
  });

  it('sweeps messages older than 180 days', async () => {
    const m = await member();
    let clock = t.now().getTime();
    const messages = createMessagesService({
      db: t.db,
      now: () => new Date(clock),
      push: { toGroup: async () => {} },
      log: quiet,
    });
    await messages.deliver({ userIds: [m.id], kind: 'system', title: '旧' });
    clock += 10 * DAY_MS;
    await messages.deliver({ userIds: [m.id], kind: 'system', title: '新' });
    clock += 171 * DAY_MS;
    expect(await messages.sweep()).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(m.id)).map((r) => r.title)).toEqual(['新']);
  });
});
