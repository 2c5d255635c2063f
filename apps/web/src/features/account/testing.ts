// Test fixtures of the account screens: the account as the server presents it, and the routes every screen reads.
import { type AccountProfile, HOME_API, type SecurityState, type SubAccountItem } from '@uc/shared';
import type { Routes } from '../../test/api';
import { cusInfoFixture } from '../../test/session';

export function profileFixture(over: Partial<AccountProfile> = {}): AccountProfile {
  return {
    id: 7,
    username: 'demouser',
    company_name: '深圳市前海智汇科技有限公司',
    name: '张经理',
    email: 'demo@example.com',
    email_pending: '',
    mobile: '138****8000',
    avatar: '/media/avatar/default.png',
    is_sub: false,
    createTime: '2026-01-05T02:00:00.000Z',
    ...over,
  };
}

export function securityFixture(over: Partial<SecurityState> = {}): SecurityState {
  return {
    mobile: '138****8000',
    email: 'd***o@example.com',
    email_confirmed: true,
    email_pending: '',
    password_changed_at: '2026-11-01T06:30:00.000Z',
    login_events: [
      {
        time: '2026-11-23T06:00:00.000Z',
        ip: '10.0.0.8',
        device: 'Chrome 120 / Windows 10',
        method: 'password',
        success: true,
      },
      {
        time: '2026-11-22T01:00:00.000Z',
        ip: '10.0.0.9',
        device: 'Safari 17 / iOS 17',
        method: 'sms',
        success: false,
      },
    ],
    sessions: [
      {
        jti: 'current-jti',
        created_at: '2026-11-23T06:00:00.000Z',
        expires_at: '2026-11-24T06:00:00.000Z',
        ip: '10.0.0.8',
        device: 'Chrome 120 / Windows 10',
        current: true,
      },
      {
        jti: 'other-jti',
        created_at: '2026-11-22T01:00:00.000Z',
        expires_at: '2026-11-29T01:00:00.000Z',
        ip: '10.0.0.9',
        device: 'Safari 17 / iOS 17',
        current: false,
      },
    ],
    audit: [
      {
        time: '2026-11-20T03:00:00.000Z',
        action: 'sub_added',
        label: '添加子账号',
        actor: 'demouser',
        target: 'demosub01',
        ip: '10.0.0.8',
      },
    ],
    ...over,
  };
}

export function subFixture(over: Partial<SubAccountItem> = {}): SubAccountItem {
  return {
    id: 21,
    username: 'demosub01',
    name: '李会计',
    mobile: '13900001111',
    enabled: true,
    createTime: '2026-11-01T02:00:00.000Z',
    last_login: '2026-11-22T08:00:00.000Z',
    ...over,
  };
}

/** The routes every account screen reads besides its own: the member's plan (GET getCusInfo). */
export function accountRoutes(): Routes {
  return {
    get: {
      [HOME_API.cusInfo]: () => cusInfoFixture(),
    },
  };
}
