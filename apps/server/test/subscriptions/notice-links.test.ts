// The notice each recommended project, own publicity entry and publicity entry belongs to: linked by title (the
// migration for older rows, the seed for its own), and answered by the lists that show them (item_id).
import {
  HOME_API,
  type OwnPublicityItem,
  type Page,
  type PagedSuccess,
  type PublicityItem,
  type RecommendedProject,
  SUBSCRIBE_API,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likeness, linkNotices } from '../../src/db/migrations/notice-links.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { login } from '../support/login.js';
import { call, daysFrom, getData, type TestMember } from '../support/members.js';

const NOW = new Date();

let t: TestApp;
let demo: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'demouser')
    .executeTakeFirstOrThrow();
  demo = { id: row.id, username: 'demouser', token: await login(t.app, 'demouser') };
});
afterAll(() => t.close());

async function itemOf(id: number | null) {
  if (id === null) return undefined;
  return t.db
    .selectFrom('policy_items')
    .select(['id', 'type', 'title', 'dept_name', 'city_code', 'area_code'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function notice(title: string, over: { type?: string; dept_name?: string; city_code?: string | null } = {}) {
  return t.db
    .insertInto('policy_items')
    .values({
      type: over.type ?? 'sbtz',
      title,
      dept_name: over.dept_name ?? '测试市科技局',
      city_code: over.city_code === undefined ? '440300' : over.city_code,
      area_code: null,
      industry_code: null,
      publish_time: daysFrom(NOW, -3),
      end_time: over.type === 'gsgg' ? null : daysFrom(NOW, 20),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('likeness', () => {
  it('is 1 for the same title and 0 for nothing in common', () => {
    expect(likeness('专精特新', '专精特新')).toBe(1);
    expect(likeness('专精特新', '物流')).toBe(0);
  });

  it("ranks a project's own programme's notice above another of the same place and year", () => {
    const project = '2026年深圳市坪山区专精特新中小企业奖励';
    const own = likeness(project, '关于开展2026年深圳市坪山区专精特新中小企业申报工作的通知');
    const other = likeness(project, '关于开展2026年度深圳市坪山区创新型中小企业评价工作的通知');
    expect(own).toBeGreaterThan(0.525);
    expect(other).toBeLessThan(0.525);
    expect(
      likeness(
        '2026年深圳市罗湖区创新型中小企业培育支持',
        '关于开展2026年深圳市罗湖区专精特新中小企业申报工作的通知',
      ),
    ).toBeLessThan(0.525);
  });
});

describe('the demo seed', () => {
  it('links projects to a 申报通知 of their place and own publicity to the 公示公告 of their title', async () => {
    const projects = await t.db.selectFrom('projects').selectAll().execute();
    const linked = projects.filter((p) => p.item_id !== null);
    // Projects started within the items' half year find theirs; older ones have none.
    expect(linked.length).toBeGreaterThan(projects.length / 2);
    for (const p of linked.slice(0, 40)) {
      const item = await itemOf(p.item_id);
      expect(item).toMatchObject({
        type: 'sbtz',
        dept_name: p.dept_name,
        city_code: p.city_code,
        area_code: p.area_code,
      });
      // The year its name gives is the notice's.
      expect(item?.title).toContain(p.name.slice(0, 4));
    }
    const own = await t.db.selectFrom('own_publicity').selectAll().execute();
    expect(own.filter((p) => p.item_id !== null).length).toBeGreaterThan(own.length / 2);
    for (const p of own) {
      const item = await itemOf(p.item_id);
      if (item) expect(item).toMatchObject({ type: 'gsgg', title: p.title });
    }
  });
});

describe('linkNotices (the migration of older rows)', () => {
  it('links a project to the most alike 申报通知 of its place and year, and leaves one without any alone', async () => {
    const good = await notice('关于组织申报2031年度测试市企业研究开发资助计划的通知');
    await notice('关于开展2031年测试市专精特新中小企业申报工作的通知');
    // Same title elsewhere (another department): never the one.
    await notice('关于组织申报2031年度测试市企业研究开发资助计划的通知', { dept_name: '测试市商务局' });
    const project = (name: string) =>
      t.db
        .insertInto('projects')
        .values({
          name,
          dept_name: '测试市科技局',
          city_code: '440300',
          area_code: null,
          industry_code: null,
          start_time: daysFrom(NOW, -1),
          end_time: daysFrom(NOW, 60),
        })
        .returning('mid')
        .executeTakeFirstOrThrow();
    const a = await project('2031年测试市企业研究开发资助计划');
    const b = await project('2031年测试市现代物流业发展专项资金');
    const own = await t.db
      .insertInto('own_publicity')
      .values({
        user_id: demo.id,
        title: '关于2031年测试市企业研究开发资助拟资助项目的公示',
        title2: '企业研究开发资助：测试公司',
        dept_name: '测试市科技局',
        publish_time: daysFrom(NOW, -1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await notice('关于2031年测试市企业研究开发资助拟资助项目的公示', { type: 'gsgg' });

    const counts = await linkNotices(t.db);
    expect(counts.projects).toBeGreaterThanOrEqual(1);
    const mids = await t.db
      .selectFrom('projects')
      .select(['mid', 'item_id'])
      .where('mid', 'in', [a.mid, b.mid])
      .orderBy('mid')
      .execute();
    expect(mids).toEqual([
      { mid: a.mid, item_id: good.id },
      { mid: b.mid, item_id: null },
    ]);
    const entry = await t.db
      .selectFrom('own_publicity')
      .select('item_id')
      .where('id', '=', own.id)
      .executeTakeFirstOrThrow();
    expect(entry.item_id).toBe(list.id);
    // A second pass changes nothing that is linked.
    await linkNotices(t.db);
    expect(
      (await t.db.selectFrom('projects').select('item_id').where('mid', '=', a.mid).executeTakeFirstOrThrow())
        .item_id,
    ).toBe(good.id);
  });
});

describe('the lists answer the notice of each row', () => {
  it('推荐项目 (我的订阅 and the dashboard) give each project its notice', async () => {
    const page = await getData<Page<RecommendedProject>>(
      t,
      demo,
      `${SUBSCRIBE_API.subList}?activeName=tjxm&page=1&size=50`,
    );
    expect(page.list.length).toBeGreaterThan(0);
    const stored = new Map(
      (await t.db.selectFrom('projects').select(['mid', 'item_id']).execute()).map((p) => [p.mid, p.item_id]),
    );
    for (const p of page.list) expect(p.item_id).toBe(stored.get(p.mid));
    expect(page.list.some((p) => p.item_id !== null)).toBe(true);
    const dashboard = await getData<RecommendedProject[]>(t, demo, HOME_API.newPeresult);
    for (const p of dashboard) expect(p.item_id).toBe(stored.get(p.mid));
  });

  it('我的公示 (the dashboard and its page) give each entry its notice', async () => {
    const stored = new Map(
      (await t.db.selectFrom('own_publicity').select(['id', 'item_id']).execute()).map((p) => [
        p.id,
        p.item_id,
      ]),
    );
    const five = await getData<OwnPublicityItem[]>(t, demo, HOME_API.myPublicity);
    expect(five.length).toBeGreaterThan(0);
    for (const p of five) expect(p.item_id).toBe(stored.get(p.id));
    const more = await getData<PagedSuccess<OwnPublicityItem>>(
      t,
      demo,
      `${HOME_API.publicityMore}?page=1&size=20`,
    );
    for (const p of more.list) expect(p.item_id).toBe(stored.get(p.id));
  });

  it("我的订阅's 我的公示 tab gives each publicity entry of the member's customers its 公示公告", async () => {
    const list = await notice('关于测试市2031年第1批拟认定高新技术企业名单的公示', { type: 'gsgg' });
    const row = await t.db
      .selectFrom('publicity_items')
      .select(['id', 'identityid'])
      .where('user_id', '=', demo.id)
      .orderBy('publishtime', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('publicity_items').set({ item_id: list.id }).where('id', '=', row.id).execute();
    const page = await getData<Page<PublicityItem>>(
      t,
      demo,
      `${SUBSCRIBE_API.subList}?activeName=wdgs&page=1&size=10`,
    );
    expect(page.list.find((p) => p.identityid === row.identityid)?.item_id).toBe(list.id);
    for (const p of page.list) expect(p.item_id === null || typeof p.item_id === 'number').toBe(true);
  });

  it('asks for a session', async () => {
    const res = await call(t, null, 'GET', `${SUBSCRIBE_API.subList}?activeName=tjxm`);
    expect(res.status).toBe(401);
  });
});
