// The console's exports: each section's .xlsx needs that section's export permission (客服 holds none: 403), and
// every export writes one audit row with its filter and row count. Members' mobile numbers, emails and contact names
// are masked in lists, details and exports for a role without members.pii, and clear for one with it.
import {
  COMMERCE_API,
  INVOICE_API,
  type Invoice,
  MSG,
  type OrderCreated,
  type Page,
  PLAN,
  permissionsOf,
  STAFF_API_KEYS_API,
  STAFF_AUDIT_EXPORT,
  STAFF_CARDS_API,
  STAFF_CONTENT_API,
  STAFF_INVOICES_API,
  STAFF_MEMBERS_API,
  STAFF_NEWS_API,
  STAFF_ORDERS_API,
  STAFF_OVERVIEW_API,
  type StaffAction,
  type StaffInvoice,
  type StaffMemberDetail,
  type StaffMemberItem,
  type StaffOrder,
  type StaffOrderDetail,
  type StaffPermission,
  type StaffRole,
  staffIdPath,
  staffOrderPath,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../src/lib/xlsx.js';
import type { Envelope } from '../support/app.js';
import { createShopApp, notify, pay, post, type ShopApp, setPlan } from '../support/commerce.js';
import { createMember, type TestMember } from '../support/members.js';
import { signInStaff } from '../support/staff.js';
import { readSheet } from '../support/xlsx.js';

const USERNAME = 'piimember01';
const MOBILE = '13812345678';
const MOBILE_MASKED = '138****5678';
const EMAIL = 'zhang.wei@example.com';
const EMAIL_MASKED = 'z***@example.com';

let t: ShopApp;
const cookies = new Map<StaffRole, string>();
let member: TestMember;
let order: OrderCreated;
let invoice: Invoice;

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['admin', 'ops', 'finance', 'service'] as const)
    cookies.set(role, (await signInStaff(t, role)).cookie);
  member = await createMember(t, USERNAME, { company: '打码测试科技有限公司' });
  await t.db
    .updateTable('users')
    .set({ mobile: MOBILE, email: EMAIL, contact_name: '张伟' })
    .where('id', '=', member.id)
    .execute();
  await setPlan(t, member.username, { level: 10, gid: null, days: null }, t.now());
  const created = await post<OrderCreated>(t, member.token, COMMERCE_API.order, {
    gid: PLAN.local,
    count: 1,
  });
  order = created.body.data;
  const qr = await pay(t, member.token, order);
  const notification = await t.sandbox.confirm(qr.orderid);
  if (!notification) throw new Error('the sandbox refused');
  expect((await notify(t, notification)).statusCode).toBe(204);
  const applied = await post<Invoice>(t, member.token, INVOICE_API.apply, {
    out_trade_no: order.out_trade_no,
    invoice_type: 'normal',
    title_type: 'company',
    title: '打码测试科技有限公司',
    tax_no: '91440300MA5FJQ6X39',
    email: EMAIL,
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  invoice = applied.body.data;
});
afterAll(() => t.close());

const cookieOf = (role: StaffRole) => cookies.get(role) ?? '';
const get = (url: string, role: StaffRole) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: cookieOf(role) } });

/** Every console export: its path, the permission it needs and the action of its audit row. */
const EXPORTS: { url: string; need: StaffPermission; action: StaffAction }[] = [
  { url: STAFF_OVERVIEW_API.export, need: 'overview.export', action: 'overview.export' },
  { url: STAFF_ORDERS_API.export, need: 'orders.export', action: 'orders.export' },
  { url: STAFF_ORDERS_API.doublePaidExport, need: 'orders.export', action: 'orders.export_double_paid' },
  { url: STAFF_MEMBERS_API.export, need: 'members.export', action: 'members.export' },
  { url: STAFF_CONTENT_API.export, need: 'content.export', action: 'content.export' },
  { url: STAFF_NEWS_API.export, need: 'content.export', action: 'content.news_export' },
  { url: STAFF_CARDS_API.batchesExport, need: 'cards.export', action: 'cards.export_batches' },
  { url: STAFF_CARDS_API.templatesExport, need: 'cards.export', action: 'coupons.export_templates' },
  { url: STAFF_INVOICES_API.export, need: 'invoices.export', action: 'invoices.export' },
  { url: STAFF_API_KEYS_API.export, need: 'api.export', action: 'api.export' },
  { url: STAFF_AUDIT_EXPORT, need: 'audit.export', action: 'audit.export' },
];

const exportAudits = (action: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_type', '=', 'export')
    .orderBy('id', 'desc')
    .execute();

describe('who may export', () => {
  it('客服 is refused every export (403) and writes no audit row', async () => {
    for (const { url, action } of EXPORTS) {
      const before = (await exportAudits(action)).length;
      const res = await get(url, 'service');
      expect(res.statusCode, url).toBe(403);
      expect(res.json<Envelope>().message, url).toBe(MSG.staffForbidden);
      expect(await exportAudits(action), url).toHaveLength(before);
    }
  });

  it('each export answers its .xlsx to a role with the permission, 403 to one without', async () => {
    for (const { url, need } of EXPORTS) {
      for (const role of ['admin', 'ops', 'finance'] as const) {
        const res = await get(url, role);
        const held = permissionsOf(role).includes(need);
        expect(res.statusCode, `${role} ${url}`).toBe(held ? 200 : 403);
        if (held) expect(res.headers['content-type'], `${role} ${url}`).toBe(XLSX_TYPE);
      }
    }
  });

  it('401 without a staff session', async () => {
    for (const { url } of EXPORTS) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('the audit row of an export', () => {
  it('names the staff member, the filter and the rows written', async () => {
    const url = `${STAFF_MEMBERS_API.export}?company=${encodeURIComponent('打码测试')}&status=normal`;
    const res = await get(url, 'admin');
    expect(res.statusCode).toBe(200);
    const sheet = await readSheet(res.rawPayload);
    const [row] = await exportAudits('members.export');
    expect(row).toMatchObject({ target_type: 'export', target_id: 'members', reason: '' });
    expect(row?.staff_username).toMatch(/^admin/);
    expect(JSON.parse(row?.after ?? '{}')).toEqual({
      filter: { company: '打码测试', status: 'normal' },
      rows: sheet.rows.length - 1,
    });
    expect(sheet.rows.length - 1).toBe(1);

    const orders = await get(`${STAFF_ORDERS_API.export}?out_trade_no=${order.out_trade_no}`, 'finance');
    expect(orders.statusCode).toBe(200);
    const [ordersRow] = await exportAudits('orders.export');
    expect(JSON.parse(ordersRow?.after ?? '{}')).toEqual({
      filter: { out_trade_no: order.out_trade_no },
      rows: 1,
    });
    expect(ordersRow?.staff_username).toMatch(/^finance/);
  });

  it('counts an empty export as 0 rows', async () => {
    const res = await get(`${STAFF_MEMBERS_API.export}?username=nobody-at-all`, 'ops');
    expect(res.statusCode).toBe(200);
    const [row] = await exportAudits('members.export');
    expect(JSON.parse(row?.after ?? '{}')).toEqual({ filter: { username: 'nobody-at-all' }, rows: 0 });
  });
});

describe('personal data', () => {
  const memberListUrl = `${STAFF_MEMBERS_API.list}?username=${USERNAME}`;

  it('members: masked in the list, the detail and the export without members.pii, clear with it', async () => {
    for (const [role, clear] of [
      ['ops', false],
      ['service', false],
      ['admin', true],
    ] as const) {
      const list = await get(memberListUrl, role);
      expect(list.statusCode, role).toBe(200);
      const [item] = list.json<Envelope<Page<StaffMemberItem>>>().data.list;
      expect(item?.mobile, role).toBe(clear ? MOBILE : MOBILE_MASKED);

      const detail = await get(staffIdPath(STAFF_MEMBERS_API.detail, member.id), role);
      const { member: shown } = detail.json<Envelope<StaffMemberDetail>>().data;
      expect([shown.mobile, shown.email, shown.contact_name], role).toEqual(
        clear ? [MOBILE, EMAIL, '张伟'] : [MOBILE_MASKED, EMAIL_MASKED, '张*'],
      );
      expect(detail.body, role).not.toContain(clear ? '****' : MOBILE);
    }
    for (const [role, clear] of [
      ['ops', false],
      ['admin', true],
    ] as const) {
      const res = await get(`${STAFF_MEMBERS_API.export}?username=${member.username}`, role);
      const sheet = await readSheet(res.rawPayload);
      const column = sheet.rows[0]?.indexOf('手机号') ?? -1;
      expect(sheet.rows[1]?.[column], role).toBe(clear ? MOBILE : MOBILE_MASKED);
      expect(res.rawPayload.toString('latin1'), role).not.toContain(clear ? '138****' : MOBILE);
    }
  });

  it('orders: the member mobile masked in the list, the detail and the export for finance, clear for admin', async () => {
    for (const [role, clear] of [
      ['finance', false],
      ['admin', true],
    ] as const) {
      const list = await get(`${STAFF_ORDERS_API.list}?out_trade_no=${order.out_trade_no}`, role);
      const [item] = list.json<Envelope<Page<StaffOrder>>>().data.list;
      expect(item?.mobile, role).toBe(clear ? MOBILE : MOBILE_MASKED);
      const detail = await get(staffOrderPath(STAFF_ORDERS_API.detail, order.out_trade_no), role);
      expect(detail.json<Envelope<StaffOrderDetail>>().data.order.mobile, role).toBe(
        clear ? MOBILE : MOBILE_MASKED,
      );
      const res = await get(`${STAFF_ORDERS_API.export}?out_trade_no=${order.out_trade_no}`, role);
      const sheet = await readSheet(res.rawPayload);
      expect(sheet.rows[1]?.[sheet.rows[0]?.indexOf('手机') ?? -1], role).toBe(
        clear ? MOBILE : MOBILE_MASKED,
      );
    }
  });

  it('invoices: the email masked in the list, the detail and the export for finance, clear for admin', async () => {
    for (const [role, clear] of [
      ['finance', false],
      ['admin', true],
    ] as const) {
      const list = await get(`${STAFF_INVOICES_API.list}?out_trade_no=${order.out_trade_no}`, role);
      const [item] = list.json<Envelope<Page<StaffInvoice>>>().data.list;
      expect(item?.email, role).toBe(clear ? EMAIL : EMAIL_MASKED);
      expect(item?.tax_no, role).toBe('91440300MA5FJQ6X39');
      const detail = await get(staffIdPath(STAFF_INVOICES_API.detail, invoice.id), role);
      expect(detail.json<Envelope<StaffInvoice>>().data.email, role).toBe(clear ? EMAIL : EMAIL_MASKED);
      const res = await get(`${STAFF_INVOICES_API.export}?out_trade_no=${order.out_trade_no}`, role);
      const sheet = await readSheet(res.rawPayload);
      expect(sheet.rows[1]?.[sheet.rows[0]?.indexOf('邮箱') ?? -1], role).toBe(clear ? EMAIL : EMAIL_MASKED);
    }
  });
});
