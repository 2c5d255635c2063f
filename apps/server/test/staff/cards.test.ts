// 卡券与优惠券 in the console: card batches (list, .xlsx, create with a reason, the secrets' one-time .xlsx, void) and
// coupon templates (create, edit, stop, issue to members) for the roles holding cards.read / cards.write /
// cards.export, refused (403) for the others and (401) without a staff session; every change with its audit row.
import {
  CARDS_API,
  type CardBatch,
  type CouponTemplate,
  type IssueCouponsResult,
  MSG,
  type Page,
  STAFF_CARDS_API,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../src/lib/xlsx.js';
import type { Envelope } from '../support/app.js';
import { createShopApp, type ShopApp } from '../support/commerce.js';
import { bearer } from '../support/login.js';
import { createMember } from '../support/members.js';
import { signInStaff } from '../support/staff.js';
import { readSheet } from '../support/xlsx.js';

let t: ShopApp;
let admin: string;
let seq = 0;

beforeAll(async () => {
  t = await createShopApp();
  admin = (await signInStaff(t, 'admin')).cookie;
});
afterAll(() => t.close());

const at = (path: string, id: number) => path.replace('{id}', String(id));
const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });

const newBatch = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    name: `控制台卡${seq}`,
    grant_kind: 'credits',
    grant_tool: 'hts_score',
    units: 5,
    count: 3,
    expires: '2099-12-31',
    reason: '渠道活动',
    ...over,
  };
};

async function createBatch(over: Record<string, unknown> = {}, cookie = admin): Promise<CardBatch> {
  const res = await call('POST', STAFF_CARDS_API.batches, cookie, newBatch(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Envelope<CardBatch>>().data;
}

const auditOf = (action: string, targetId: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .execute();

describe('who may run card batches', () => {
  it('reads with cards.read, creates with cards.write, exports lists and secrets only with cards.export', async () => {
    const roles = {
      admin: { read: true, write: true, exportSecrets: true },
      ops: { read: true, write: true, exportSecrets: false },
      finance: { read: true, write: false, exportSecrets: true },
      service: { read: false, write: false, exportSecrets: false },
    } as const;
    for (const [role, may] of Object.entries(roles)) {
      const { cookie } = await signInStaff(t, role as keyof typeof roles);
      for (const url of [STAFF_CARDS_API.batches, STAFF_CARDS_API.templates]) {
        expect((await call('GET', url, cookie)).statusCode, `${role} ${url}`).toBe(may.read ? 200 : 403);
      }
      for (const url of [STAFF_CARDS_API.batchesExport, STAFF_CARDS_API.templatesExport]) {
        const res = await call('GET', url, cookie);
        expect(res.statusCode, `${role} ${url}`).toBe(may.exportSecrets ? 200 : 403);
      }
      const created = await call('POST', STAFF_CARDS_API.batches, cookie, newBatch());
      expect(created.statusCode, role).toBe(may.write ? 200 : 403);
      if (!may.write) expect(created.json<Envelope>().message).toBe(MSG.staffForbidden);
      const batch = await createBatch();
      const secrets = await call('POST', at(STAFF_CARDS_API.batchSecrets, batch.id), cookie);
      expect(secrets.statusCode, role).toBe(may.exportSecrets ? 200 : 403);
    }
  });

  it('without a staff session: 401; a member token is no staff session', async () => {
    const member = await createMember(t, 'cardsnotstaff');
    for (const [method, url] of [
      ['GET', STAFF_CARDS_API.batches],
      ['POST', STAFF_CARDS_API.batches],
      ['POST', at(STAFF_CARDS_API.batchSecrets, 1)],
      ['POST', at(STAFF_CARDS_API.batchVoid, 1)],
      ['GET', STAFF_CARDS_API.templates],
      ['POST', at(STAFF_CARDS_API.templateIssue, 1)],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(member.token) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json<Envelope>().message).toBe(MSG.staffSessionExpired);
    }
  });
});

describe('card batches', () => {
  it('creates a batch with its audit row, exports its secrets once, and the cards bind', async () => {
    const batch = await createBatch({ count: 4 });
    expect(batch).toMatchObject({
      grant_kind: 'credits',
      count: 4,
      bound: 0,
      status: 'active',
      exported: false,
    });
    expect(batch.created_by).toMatch(/^admin/);
    const [created] = await auditOf('cards.create_batch', batch.id);
    expect(created).toMatchObject({ target_type: 'card_batch', reason: '渠道活动', before: null });
    expect(JSON.parse(created?.after ?? '{}')).toMatchObject({ count: 4, status: 'active' });

    const exported = await call('POST', at(STAFF_CARDS_API.batchSecrets, batch.id), admin);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe(XLSX_TYPE);
    const sheet = await readSheet(exported.rawPayload);
    expect(sheet.rows[0]).toEqual(['卡号', '卡密']);
    expect(sheet.rows.length).toBe(5);
    const [, first] = sheet.rows;
    const [audited] = await auditOf('cards.export_secrets', batch.id);
    expect(JSON.parse(audited?.after ?? '{}')).toMatchObject({ exported: true, cards: 4 });
    expect(audited?.after).not.toContain(String(first?.[1]));

    const again = await call('POST', at(STAFF_CARDS_API.batchSecrets, batch.id), admin);
    expect([again.statusCode, again.json<Envelope>().message]).toEqual([410, MSG.batchSecretsExported]);
    const sealed = await t.db
      .selectFrom('cards')
      .select('secret_sealed')
      .where('batch_id', '=', batch.id)
      .where('secret_sealed', 'is not', null)
      .execute();
    expect(sealed).toEqual([]);

    const member = await createMember(t, 'consolecard1');
    const bound = await t.app.inject({
      method: 'POST',
      url: CARDS_API.bind,
      headers: bearer(member.token),
      payload: { card_no: String(first?.[0]), card_secret: String(first?.[1]) },
    });
    expect(bound.statusCode, bound.body).toBe(200);

    const list = await call(
      'GET',
      `${STAFF_CARDS_API.batches}?name=${encodeURIComponent(batch.name)}`,
      admin,
    );
    expect(list.json<Envelope<Page<CardBatch>>>().data.list).toEqual([
      expect.objectContaining({ id: batch.id, bound: 1, exported: true }),
    ]);
    const xlsx = await call(
      'GET',
      `${STAFF_CARDS_API.batchesExport}?grant_kind=credits&status=active`,
      admin,
    );
    expect(xlsx.statusCode).toBe(200);
    expect((await readSheet(xlsx.rawPayload)).rows.some((r) => r[0] === batch.id)).toBe(true);
  });

  it('refuses what breaks a rule, in Chinese', async () => {
    for (const [over, message] of [
      [{ count: 10_001 }, MSG.batchCountInvalid],
      [{ count: 0 }, MSG.batchCountInvalid],
      [{ grant_tool: 'nope' }, MSG.batchGrantInvalid],
      [{ grant_kind: 'plan', grant_gid: 999_999, units: 1 }, MSG.batchGrantInvalid],
      [{ grant_kind: 'coupon', grant_template: 999_999 }, MSG.batchGrantInvalid],
      [{ expires: '2020-01-01' }, MSG.batchExpiresInvalid],
      [{ expires: '2099-02-30' }, MSG.batchExpiresInvalid],
      [{ name: '' }, MSG.batchNameInvalid],
      [{ reason: ' ' }, MSG.reasonRequired],
    ] as const) {
      const res = await call('POST', STAFF_CARDS_API.batches, admin, newBatch(over));
      expect([res.statusCode, res.json<Envelope>().message], JSON.stringify(over)).toEqual([400, message]);
    }
    const unknown = await call('POST', at(STAFF_CARDS_API.batchSecrets, 999_999), admin);
    expect([unknown.statusCode, unknown.json<Envelope>().message]).toEqual([404, MSG.batchNotFound]);
  });

  it('voids a batch with a reason: its unbound cards bind no more; voiding again is refused', async () => {
    const batch = await createBatch({ count: 2 });
    const sheet = await readSheet(
      (await call('POST', at(STAFF_CARDS_API.batchSecrets, batch.id), admin)).rawPayload,
    );
    const noReason = await call('POST', at(STAFF_CARDS_API.batchVoid, batch.id), admin, { reason: '' });
    expect([noReason.statusCode, noReason.json<Envelope>().message]).toEqual([400, MSG.reasonRequired]);
    const res = await call('POST', at(STAFF_CARDS_API.batchVoid, batch.id), admin, { reason: '渠道取消' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Envelope<CardBatch>>().data.status).toBe('void');
    const [row] = await auditOf('cards.void_batch', batch.id);
    expect(row).toMatchObject({ reason: '渠道取消' });
    expect(JSON.parse(row?.before ?? '{}').status).toBe('active');
    expect(JSON.parse(row?.after ?? '{}').status).toBe('void');

    const member = await createMember(t, 'consolecard2');
    const [, card] = sheet.rows;
    const bound = await t.app.inject({
      method: 'POST',
      url: CARDS_API.bind,
      headers: bearer(member.token),
      payload: { card_no: String(card?.[0]), card_secret: String(card?.[1]) },
    });
    expect(bound.json<Envelope>().message).toBe(MSG.cardInvalid);
    const again = await call('POST', at(STAFF_CARDS_API.batchVoid, batch.id), admin, { reason: '再次' });
    expect([again.statusCode, again.json<Envelope>().message]).toEqual([400, MSG.batchVoided]);
  });
});

describe('coupon templates', () => {
  const voucher = {
    name: '控制台代金券',
    kind: 'voucher',
    amount: 20,
    valid_days: 30,
    take_limit: 1,
    reason: '活动',
  };

  it('creates, edits, issues to members by username or id, and stops a template, each audited', async () => {
    const { cookie: ops } = await signInStaff(t, 'ops');
    const created = await call('POST', STAFF_CARDS_API.templates, ops, voucher);
    expect(created.statusCode, created.body).toBe(200);
    const template = created.json<Envelope<CouponTemplate>>().data;
    expect(template).toMatchObject({
      kind: 'voucher',
      amount: 20,
      rule: '立减20',
      status: 'active',
      issued_count: 0,
    });
    expect(await auditOf('coupons.create_template', template.id)).toHaveLength(1);
    const exported = await call('GET', STAFF_CARDS_API.templatesExport, admin);
    expect(exported.headers['content-type']).toBe(XLSX_TYPE);
    const sheet = await readSheet(exported.rawPayload);
    expect(sheet.rows.find((r) => r[0] === template.id)).toEqual(
      expect.arrayContaining([voucher.name, '代金券', '立减20', '领取后30天']),
    );

    const edited = await call('PUT', at(STAFF_CARDS_API.template, template.id), ops, {
      ...voucher,
      amount: '25.5',
      reason: '加码',
    });
    expect(edited.json<Envelope<CouponTemplate>>().data).toMatchObject({ amount: 25.5, rule: '立减25.5' });
    const [update] = await auditOf('coupons.update_template', template.id);
    expect(JSON.parse(update?.before ?? '{}').discount_fen).toBe(2000);
    expect(JSON.parse(update?.after ?? '{}').discount_fen).toBe(2550);

    const a = await createMember(t, 'couponconsole1');
    const b = await createMember(t, 'couponconsole2');
    const issued = await call('POST', at(STAFF_CARDS_API.templateIssue, template.id), ops, {
      members: [a.username, String(b.id), 'nobody-at-all', a.username],
      reason: '补偿',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json<Envelope<IssueCouponsResult>>().data).toEqual({
      issued: 2,
      skipped: 1,
      skipped_members: [{ member: 'nobody-at-all', reason: MSG.issueMemberUnknown }],
    });
    const twice = await call('POST', at(STAFF_CARDS_API.templateIssue, template.id), ops, {
      members: [a.username],
      reason: '补偿',
    });
    expect(twice.json<Envelope<IssueCouponsResult>>().data.skipped_members).toEqual([
      { member: a.username, reason: MSG.couponLimitReached },
    ]);
    const [issue] = await auditOf('coupons.issue', template.id);
    expect(issue).toMatchObject({ reason: '补偿' });

    const stopped = await call('POST', at(STAFF_CARDS_API.templateDisable, template.id), ops, {
      reason: '结束',
    });
    expect(stopped.json<Envelope<CouponTemplate>>().data.status).toBe('stopped');
    expect(await auditOf('coupons.disable_template', template.id)).toHaveLength(1);
    const late = await call('POST', at(STAFF_CARDS_API.templateIssue, template.id), ops, {
      members: [b.username],
      reason: '补偿',
    });
    expect([late.statusCode, late.json<Envelope>().message]).toEqual([400, MSG.templateStopped]);
  });

  it('refuses a broken rule or too many members, and finance may not write', async () => {
    for (const body of [
      { ...voucher, kind: 'full_reduction', threshold: 10, amount: 20 },
      { ...voucher, kind: 'discount', amount: undefined },
      { ...voucher, valid_days: undefined },
      { ...voucher, amount: '1.234' },
      { ...voucher, valid_days: undefined, valid_until: '2020-01-01' },
    ]) {
      const res = await call('POST', STAFF_CARDS_API.templates, admin, body);
      expect([res.statusCode, res.json<Envelope>().message], JSON.stringify(body)).toEqual([
        400,
        MSG.templateInvalid,
      ]);
    }
    const many = await call('POST', at(STAFF_CARDS_API.templateIssue, 1), admin, {
      members: Array.from({ length: 1001 }, (_, i) => `m${i}`),
      reason: '批量',
    });
    expect([many.statusCode, many.json<Envelope>().message]).toEqual([400, MSG.issueTargetsInvalid]);
    const missing = await call('PUT', at(STAFF_CARDS_API.template, 999_999), admin, voucher);
    expect([missing.statusCode, missing.json<Envelope>().message]).toEqual([404, MSG.templateNotFound]);
    const { cookie: finance } = await signInStaff(t, 'finance');
    expect((await call('POST', STAFF_CARDS_API.templates, finance, voucher)).statusCode).toBe(403);
  });
});
