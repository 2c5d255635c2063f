// The audit log: GET /api/admin/audit/ and its .xlsx export for the roles holding audit.read (only 管理员), refused
// (403) for every other role and (401) without a staff session; filters, newest first; rows written inside the
// caller's transaction (rolled back with it); and append-only: UPDATE and DELETE refused by the database itself.
import { type AuditEntry, MSG, type Page, STAFF_API, STAFF_AUDIT_EXPORT, STAFF_ROLE_KEYS } from '@uc/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../src/lib/xlsx.js';
import { type AuditInput, auditWriter } from '../../src/modules/staff/audit.js';
import { runStaffCli } from '../../src/modules/staff/cli.js';
import type { Envelope } from '../support/app.js';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';
import { signInStaff, staffLogin, TEST_TOTP_KEYS } from '../support/staff.js';
import { readSheet } from '../support/xlsx.js';

let t: ClockedApp;
let adminCookie: string;
let adminId: number;

beforeAll(async () => {
  t = await createClockedApp();
  const admin = await signInStaff(t, 'admin');
  adminCookie = admin.cookie;
  adminId = admin.staff.id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runStaffCli(
    t.db,
    TEST_TOTP_KEYS,
    argv,
    { log: (l) => lines.push(l), error: (l) => errors.push(l) },
    t.now,
  );
  return { code, lines, errors };
}

describe('who may read the audit log', () => {
  it.each(STAFF_ROLE_KEYS)('%s: allowed only with audit.read', async (role) => {
    const { cookie } = await signInStaff(t, role);
    const me = await get(STAFF_API.me, cookie);
    expect(me.statusCode).toBe(200);
    const allowed = role === 'admin';
    for (const url of [STAFF_API.audit, STAFF_AUDIT_EXPORT]) {
      const res = await get(url, cookie);
      if (allowed) {
        expect(res.statusCode).toBe(200);
      } else {
        expect(res.statusCode).toBe(403);
        expect(res.json<Envelope>().message).toBe(MSG.staffForbidden);
      }
    }
  });

  it('without a staff session: 401', async () => {
    for (const url of [STAFF_API.audit, STAFF_AUDIT_EXPORT]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json<Envelope>().message).toBe(MSG.staffSessionExpired);
    }
  });
});

describe('the audit list', () => {
  it('filters by staff, action and target, newest first, paged', async () => {
    const res = await get(`${STAFF_API.audit}?staff_id=${adminId}&action=auth.login&size=5`, adminCookie);
    expect(res.statusCode).toBe(200);
    const page = res.json<Envelope<Page<AuditEntry>>>().data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      staff_id: adminId,
      action: 'auth.login',
      target_type: 'staff_session',
    });

    const all = (await get(`${STAFF_API.audit}?size=100`, adminCookie)).json<Envelope<Page<AuditEntry>>>()
      .data;
    const ids = all.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.total).toBeGreaterThanOrEqual(STAFF_ROLE_KEYS.length + 1);
  });

  it('refuses paging out of range in Chinese', async () => {
    const size = await get(`${STAFF_API.audit}?size=101`, adminCookie);
    expect(size.statusCode).toBe(400);
    expect(size.json<Envelope>().message).toBe(MSG.sizeInvalid);
    const page = await get(`${STAFF_API.audit}?page=0`, adminCookie);
    expect(page.statusCode).toBe(400);
    expect(page.json<Envelope>().message).toBe(MSG.pageInvalid);
  });

  it('filters by Shanghai dates', async () => {
    const today = new Date(t.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const inRange = await get(`${STAFF_API.audit}?from=${today}&to=${today}`, adminCookie);
    expect(inRange.json<Envelope<Page<AuditEntry>>>().data.total).toBeGreaterThan(0);
    const before = await get(`${STAFF_API.audit}?to=2000-01-01`, adminCookie);
    expect(before.json<Envelope<Page<AuditEntry>>>().data.total).toBe(0);
    const bad = await get(`${STAFF_API.audit}?from=yesterday`, adminCookie);
    expect(bad.statusCode).toBe(400);
  });

  it('exports the same filter as .xlsx', async () => {
    const res = await get(`${STAFF_AUDIT_EXPORT}?action=auth.login`, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rows[0]?.[0]).toBe('编号');
    const actions = sheet.rows.slice(1).map((r) => r[5]);
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set(['auth.login']));
  });
});

describe('audit rows', () => {
  it('are written inside the caller transaction and roll back with it', async () => {
    const recordAudit = auditWriter(t.now);
    const entry: AuditInput = {
      staff: { id: adminId, username: 'x' },
      ip: '10.0.0.1',
      action: 'members.set_plan',
      targetType: 'member',
      targetId: 70_001,
      before: { level: 10 },
      after: { level: 20 },
      reason: '测试',
    };
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordAudit(trx, entry);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const none = await t.db.selectFrom('audit_log').select('id').where('target_id', '=', '70001').execute();
    expect(none).toHaveLength(0);

    await t.db.transaction().execute((trx) => recordAudit(trx, { ...entry, targetId: 70_002 }));
    const kept = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', '70002')
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      action: 'members.set_plan',
      target_id: '70002',
      before: '{"level":10}',
      after: '{"level":20}',
      reason: '测试',
      ip: '10.0.0.1',
    });
  });

  it('cannot be updated or deleted, not even by SQL', async () => {
    const row = await t.db.selectFrom('audit_log').select('id').orderBy('id').executeTakeFirstOrThrow();
    await expect(
      t.db.updateTable('audit_log').set({ reason: 'changed' }).where('id', '=', row.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_log').where('id', '=', row.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const still = await t.db
      .selectFrom('audit_log')
      .select('reason')
      .where('id', '=', row.id)
      .executeTakeFirst();
    expect(still?.reason).not.toBe('changed');
  });
});

describe('npm run staff', () => {
  it('creates the first admin, prints its otpauth URL once, and audits it as cli', async () => {
    const made = await cli(
      'create',
      '--username',
      'firstboss',
      '--password',
      'First-boss-1',
      '--role',
      'admin',
    );
    expect(made.code).toBe(0);
    const url = made.lines.find((l) => l.startsWith('otpauth://totp/'));
    expect(url).toBeDefined();
    const parsed = new URL(url ?? '');
    const secret = parsed.searchParams.get('secret') ?? '';
    expect(parsed.searchParams.get('issuer')).toBe('会员中心运营后台');
    expect(decodeURIComponent(parsed.pathname)).toContain('firstboss');

    const cookie = await staffLogin(t.app, 'firstboss', 'First-boss-1', secret, t.now());
    expect((await get(STAFF_API.audit, cookie)).statusCode).toBe(200);

    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'cli.staff_create')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ staff_id: 0, staff_username: 'cli', target_type: 'staff' });
    expect(JSON.parse(row.after ?? '{}')).toEqual({ username: 'firstboss', role: 'admin' });
    expect(row.after).not.toContain(secret);

    const again = await cli(
      'create',
      '--username',
      'firstboss',
      '--password',
      'First-boss-1',
      '--role',
      'admin',
    );
    expect(again.code).toBe(1);
    expect(
      (await cli('create', '--username', 'x', '--password', 'Long-enough-1', '--role', 'boss')).code,
    ).toBe(2);
    expect((await cli('create', '--username', 'x', '--password', 'short', '--role', 'ops')).code).toBe(2);
  });

  it('lists, resets the TOTP secret (ending the sessions) and disables', async () => {
    const { staff, cookie } = await signInStaff(t, 'ops');
    const listed = await cli('list');
    expect(listed.code).toBe(0);
    expect(listed.lines.some((l) => l.includes(staff.username))).toBe(true);

    const reset = await cli('reset-totp', staff.username);
    expect(reset.code).toBe(0);
    expect(reset.lines.some((l) => l.startsWith('otpauth://totp/'))).toBe(true);
    expect((await get(STAFF_API.me, cookie)).statusCode).toBe(401);

    expect((await cli('disable', staff.username)).code).toBe(0);
    expect((await cli('disable', 'nobody')).code).toBe(1);
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'staff')
      .where('target_id', '=', String(staff.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['cli.staff_reset_totp', 'cli.staff_disable']);
  });
});
