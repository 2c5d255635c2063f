import { DAY_MS } from '@uc/shared';
import { Migrator, NO_MIGRATIONS } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { DEMO_USERS } from '../../src/db/seed/demo-users.js';
import { MENU_TREE } from '../../src/db/seed/menus.js';
import { setupDatabase } from '../../src/db/setup.js';
import { sha256Hex, verifyPassword } from '../../src/lib/password.js';
import { createTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: 'users' | 'menus') =>
  (await t.db.selectFrom(table).select('id').execute()).length;

describe('seed', () => {
  it('creates the demo accounts of docs/architecture.md §6', async () => {
    const users = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(users.map((u) => u.username)).toEqual(DEMO_USERS.map((u) => u.username));
    const byName = new Map(users.map((u) => [u.username, u]));
    const demo = byName.get('demouser');
    const sub = byName.get('demosub01');
    expect(demo).toMatchObject({
      gid: 13,
      level: 22,
      mobile: '13800138000',
      email: 'demo@example.com',
      is_sub: 0,
    });
    expect(demo?.group_id).toBe(demo?.id);
    expect(sub).toMatchObject({
      is_sub: 1,
      parent_id: demo?.id,
      group_id: demo?.id,
      company_name: demo?.company_name,
    });
    expect(byName.get('trialuser')).toMatchObject({ level: 10, gid: null, mobile: '13800138001' });
    expect(byName.get('goldvip01')).toMatchObject({ level: 30, mobile: '13800138002' });
    expect(byName.get('nophone01')).toMatchObject({ level: 10, mobile: null });
    const daysLeft = (Date.parse(demo?.expired_at ?? '') - Date.now()) / DAY_MS;
    expect(daysLeft).toBeGreaterThan(19.9);
    expect(daysLeft).toBeLessThanOrEqual(20);
  });

  it('stores argon2id(sha256hex(password)) at OWASP parameters', async () => {
    const { password_hash } = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'demouser')
      .executeTakeFirstOrThrow();
    expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(password_hash, sha256Hex('Demo12345'))).toBe(true);
    expect(await verifyPassword(password_hash, 'Demo12345')).toBe(false);
  });

  it('seeds the menu tree once, and nothing again on a second start', async () => {
    const nodes = (tree: typeof MENU_TREE): number =>
      tree.reduce((n, m) => n + 1 + nodes(m.children ?? []), 0);
    expect(await count('menus')).toBe(nodes(MENU_TREE));
    const users = await count('users');
    await setupDatabase(t.db, { seedDemo: true, log: t.app.log });
    expect(await count('menus')).toBe(nodes(MENU_TREE));
    expect(await count('users')).toBe(users);
  });
});

describe('migrations', () => {
  it('move API支付结果 under API套餐 in a database seeded before 0013, and back', async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const parentOf = async (name: string) => {
      const row = await t.db
        .selectFrom('menus as m')
        .innerJoin('menus as p', 'p.id', 'm.parent_id')
        .select(['p.name as parent', 'm.sort'])
        .where('m.name', '=', name)
        .executeTakeFirstOrThrow();
      return [row.parent, row.sort];
    };
    expect(await parentOf('ApiPaySuccess')).toEqual(['ApiOrder', 1]);
    expect((await migrator.migrateTo('2026_11_25_0012_frozen_attempts')).error).toBeUndefined();
    expect(await parentOf('ApiPaySuccess')).toEqual(['Vip', 5]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await parentOf('ApiPaySuccess')).toEqual(['ApiOrder', 1]);
  });

  it('add 帮助与工单 to a database seeded before 0046 as the seed has it, and take it away again', async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const rows = () =>
      t.db
        .selectFrom('menus as m')
        .leftJoin('menus as p', 'p.id', 'm.parent_id')
        .select(['m.name', 'p.name as parent', 'm.path', 'm.component', 'm.hidden', 'm.sort'])
        .where('m.name', 'in', ['HelpDesk', 'Help', 'HelpArticle', 'TicketList', 'TicketNew', 'TicketDetail'])
        .orderBy('m.id')
        .execute();
    const topNames = async () =>
      (
        await t.db.selectFrom('menus').select('name').where('parent_id', 'is', null).orderBy('sort').execute()
      ).map((r) => r.name);
    const seeded = (await rows()).map(({ sort: _sort, ...r }) => r);
    const seededTop = await topNames();
    expect((await migrator.migrateTo('2026_11_29_0045_notice_links')).error).toBeUndefined();
    expect(await rows()).toEqual([]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await rows()).map(({ sort: _sort, ...r }) => r)).toEqual(seeded);
    expect(await topNames()).toEqual(seededTop);
  });

  it('roll all the way down and up again', async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await migrateToLatest(t.db)).toEqual(Object.keys(migrations));
    await setupDatabase(t.db, { seedDemo: true, log: t.app.log });
    expect(await count('users')).toBe(DEMO_USERS.length);
  });
});
