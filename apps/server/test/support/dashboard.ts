// The dashboard and customer tests' data, inserted row by row (no demo data), so every figure can be exact.
import { lastMonths } from '../../src/modules/dashboard/figures.js';
import { createTestApp, type TestApp } from './app.js';
import { addCustomers, createMember, customer, daysFrom, hoursFrom, type TestMember } from './members.js';

// The app's clock, frozen near the real time (tokens are checked against the real one).
export const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

/** Mid-month (Asia/Shanghai) of the month `back` months before NOW's. */
export function monthsBack(back: number): string {
  const months = lastMonths(NOW, 24);
  return `${months[months.length - 1 - back]}-15T04:00:00.000Z`;
}
export const year = Number(lastMonths(NOW, 1)[0]?.slice(0, 4));

/** The members of the dashboard tests and their customers' ids (A's five, then B's three). */
/** A Shenzhen declaration notice published 3 days before NOW, open-ended; `over` changes any column. */
export const policyItem = (over: Record<string, string | null>) => ({
  type: 'sbtz',
  title: '关于组织申报测试项目的通知',
  dept_name: '深圳市科技创新委员会',
  city_code: '440300',
  area_code: null,
  industry_code: null,
  publish_time: daysFrom(NOW, -3),
  end_time: null,
  ...over,
});

export interface Dashboard {
  t: TestApp;
  a: TestMember;
  sub: TestMember;
  b: TestMember;
  ids: number[];
  otherIds: number[];
}

/**
 * A fresh app on the frozen clock with two members in overlapping places (A with a sub-account, B in Guangzhou),
 * their customers, and the policy items, projects and public notices that match some of them.
 */
export async function seedDashboard(): Promise<Dashboard> {
  const t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  const a = await createMember(t, 'membera1');
  const sub = await createMember(t, 'membera1sub', { parentId: a.id });
  const b = await createMember(t, 'memberb1', { area: '440106' });

  const ids = await addCustomers(t, [
    customer(a.id, {
      name: '深圳市甲一电子有限公司',
      area_code: '440305',
      industry_code: 'C',
      is_hightech: 1,
      reg_capital_hundredths: 1000_00,
      reg_time: `${year - 11}-03-01`,
      ipcount1: 2,
      ipcount2: 4,
      fmzl_count: 2,
      syxx_count: 3,
      wg_count: 1,
      created_at: NOW.toISOString(),
    }),
    customer(a.id, {
      name: '深圳市甲二软件有限公司',
      area_code: '440305',
      industry_code: 'I',
      reg_capital_hundredths: 50_00,
      reg_time: `${year - 1}-03-01`,
      rjzzq_count: 7,
      ipcount2: 7,
      created_at: monthsBack(1),
    }),
    customer(a.id, {
      name: '深圳市甲三精密制造有限公司',
      area_code: '440304',
      industry_code: 'C',
      is_hightech: 1,
      reg_capital_hundredths: 500_00,
      reg_time: `${year - 4}-03-01`,
      fmzl_count: 1,
      ipcount1: 1,
      created_at: hoursFrom(new Date(monthsBack(1)), 1),
    }),
    customer(a.id, {
      name: '广州市甲四商贸有限公司',
      city_code: '440100',
      area_code: '440106',
      industry_code: 'F',
      reg_capital_hundredths: 100_00,
      reg_time: `${year - 6}-03-01`,
      created_at: monthsBack(3),
    }),
    customer(a.id, {
      name: '东莞市甲五网络科技有限公司',
      city_code: '441900',
      area_code: '441900',
      industry_code: 'I',
      is_hightech: 1,
      reg_capital_hundredths: 5000_00,
      reg_time: `${year}-01-02`,
      created_at: monthsBack(12),
    }),
  ]);
  // Another member's customers, in the same places: never counted for A.
  const otherIds = await addCustomers(t, [
    customer(b.id, { industry_code: 'C', is_hightech: 1, fmzl_count: 9, ipcount1: 9 }),
    customer(b.id, { industry_code: 'I', area_code: '440304' }),
    customer(b.id, {
      industry_code: 'F',
      city_code: '440100',
      area_code: '440106',
      created_at: monthsBack(1),
    }),
  ]);
  const [c1, , c3] = ids;
  const [o1] = otherIds;

  await t.db
    .insertInto('policy_items')
    .values([
      // a: open, Shenzhen, manufacturing -> customers 1 and 3
      policyItem({ industry_code: 'C', end_time: daysFrom(NOW, 5) }),
      // b: closed, Tianhe, all industries -> nobody
      policyItem({
        city_code: '440100',
        area_code: '440106',
        dept_name: '天河区科技创新局',
        end_time: daysFrom(NOW, -1),
      }),
      // c: open, province-wide, IT, in the last 24h -> customers 2 and 5
      policyItem({
        city_code: null,
        industry_code: 'I',
        dept_name: '广东省科学技术厅',
        publish_time: hoursFrom(NOW, -1),
        end_time: daysFrom(NOW, 10),
      }),
      // d: not published yet -> ignored everywhere
      policyItem({ publish_time: hoursFrom(NOW, 1), end_time: daysFrom(NOW, 20) }),
      // e: policy news for Dongguan -> customer 5
      policyItem({
        type: 'zcdt',
        city_code: '441900',
        dept_name: '东莞市科学技术局',
        publish_time: daysFrom(NOW, -2),
      }),
      // f: policy news, Futian, trade -> nobody (customer 3 makes things)
      policyItem({
        type: 'zcdt',
        area_code: '440304',
        industry_code: 'F',
        dept_name: '福田区科技创新局',
        publish_time: daysFrom(NOW, -2),
      }),
      // g: province-wide policy news, too old to match (outside 7 days) but counted
      policyItem({
        type: 'zcdt',
        city_code: null,
        industry_code: 'F',
        dept_name: '广东省科学技术厅',
        publish_time: daysFrom(NOW, -10),
      }),
      // h, i: public notices in Shenzhen, one in the last 24h; j: Guangzhou
      policyItem({ type: 'gsgg', publish_time: hoursFrom(NOW, -0.5) }),
      policyItem({ type: 'gsgg', publish_time: hoursFrom(NOW, -25) }),
      policyItem({
        type: 'gsgg',
        city_code: '440100',
        dept_name: '广州市科学技术局',
        publish_time: hoursFrom(NOW, -1),
      }),
    ])
    .execute();

  const project = (name: string, over: Record<string, string | null>) => ({
    name,
    dept_name: '深圳市工业和信息化局',
    city_code: null,
    area_code: null,
    industry_code: null,
    start_time: daysFrom(NOW, -10),
    end_time: daysFrom(NOW, 50),
    ...over,
  });
  await t.db
    .insertInto('projects')
    .values([
      project('P1 深圳制造', { city_code: '440300', industry_code: 'C' }),
      project('P2 全省', { start_time: daysFrom(NOW, -5) }),
      project('P3 天河商贸', {
        city_code: '440100',
        area_code: '440106',
        industry_code: 'F',
        start_time: daysFrom(NOW, -1),
      }),
      project('P4 深圳地产', { city_code: '440300', industry_code: 'K', start_time: daysFrom(NOW, -2) }),
      project('P5 太早', { start_time: daysFrom(NOW, -200) }),
      project('P6 未开始', { start_time: daysFrom(NOW, 1) }),
    ])
    .execute();

  const notice = (
    identityid: string,
    publishtime: string,
    link: { customer_id: number; user_id: number } | null,
  ) => ({
    identityid,
    title: '关于2026年深圳市第1批拟认定高新技术企业名单的公示',
    companyname: '深圳市甲一电子有限公司',
    dept: '深圳市科技创新委员会',
    publishtime,
    qualification: '高新技术企业',
    customer_id: link?.customer_id ?? null,
    user_id: link?.user_id ?? null,
  });
  await t.db
    .insertInto('publicity_items')
    .values([
      notice('GS-A1', daysFrom(NOW, -30), { customer_id: c1 ?? 0, user_id: a.id }),
      notice('GS-A2', daysFrom(NOW, -3), { customer_id: c1 ?? 0, user_id: a.id }),
      notice('GS-A3', daysFrom(NOW, -10), { customer_id: c3 ?? 0, user_id: a.id }),
      notice('GS-B1', daysFrom(NOW, -1), { customer_id: o1 ?? 0, user_id: b.id }),
      notice('GS-X1', daysFrom(NOW, -1), null),
    ])
    .execute();
  await t.db
    .insertInto('member_profiles')
    .values({
      user_id: a.id,
      reg_capital_hundredths: 1234_50,
      reg_time: '2016-05-18',
      area_code: '440305',
      industry_code: 'L',
    })
    .execute();
  return { t, a, sub, b, ids, otherIds };
}
