// The member's profile and plan (getUserInfo, GetSetmeal) and getCusInfo at the home statistics path.
import { HOME_API, HOME_STATS_API, type MemberUserInfo, MSG, type SetmealInfo } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { call, createMember, daysFrom, getData, type TestMember } from '../support/members.js';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

let t: TestApp;
let a: TestMember;
let sub: TestMember;
let trial: TestMember;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  a = await createMember(t, 'listera1', { area: '440305' });
  sub = await createMember(t, 'listera1sub', { parentId: a.id });
  trial = await createMember(t, 'listertrial', { level: 10 });
  await t.db.updateTable('users').set({ gid: null, expired_at: null }).where('id', '=', trial.id).execute();
  await t.db
    .updateTable('users')
    .set({ expired_at: daysFrom(NOW, 30) })
    .where('id', '=', a.id)
    .execute();
});
afterAll(() => t.close());

describe('member profile and plan', () => {
  it('answers who the member is (getUserInfo)', async () => {
    expect(await getData<MemberUserInfo>(t, a, HOME_API.userInfo)).toEqual({
      user_id: a.id,
      username: 'listera1',
      company_name: 'listera1测试科技有限公司',
      avatar: '/media/avatar/default.png',
      level: 22,
      level_name: 'VIP专业版',
      is_sub: false,
      gid: 13,
      expired_time: expect.any(String),
      days_left: 30,
      citycode: '440300',
      cityname: '深圳市',
    });
    expect(await getData<MemberUserInfo>(t, sub, HOME_API.userInfo)).toMatchObject({
      username: 'listera1sub',
      is_sub: true,
      level: 22,
      gid: 13,
    });
  });

  it('answers the plan (GetSetmeal), but not to a sub-account', async () => {
    expect(await getData<SetmealInfo>(t, a, HOME_STATS_API.setmeal)).toEqual({
      gid: 13,
      name: 'VIP专业版',
      level: 22,
      level_name: 'VIP专业版',
      expired_time: expect.any(String),
      days_left: 30,
      expired: false,
    });
    expect(await getData<SetmealInfo>(t, trial, HOME_STATS_API.setmeal)).toEqual({
      gid: null,
      name: '体验会员',
      level: 10,
      level_name: '体验会员',
      expired_time: null,
      days_left: null,
      expired: false,
    });
    const { status, body } = await call(t, sub, 'GET', HOME_STATS_API.setmeal);
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 403, message: MSG.subAccountNoPackages });
  });

  it('answers getCusInfo at the home statistics path too (GetCusInfo)', async () => {
    expect(await getData(t, a, HOME_STATS_API.cusInfo)).toEqual(await getData(t, a, HOME_API.cusInfo));
  });
});

const URLS = [HOME_API.userInfo, HOME_STATS_API.setmeal, HOME_STATS_API.cusInfo];

describe('authentication', () => {
  it('answers 401 without a token', async () => {
    for (const url of URLS) {
      const { status, body } = await call(t, null, 'GET', url);
      expect(status, url).toBe(401);
      expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });
});
