// The demo accounts of docs/architecture.md §6 (documented in the README).
import { DAY_MS, PLAN } from '@uc/shared';

export interface DemoUser {
  username: string;
  password: string;
  companyName: string;
  email: string;
  mobile: string | null;
  level: number;
  gid: number | null;
  /** Days from seeding until the membership expires; null for none. */
  expiresInDays: number | null;
  /** Username of the main account, for sub-accounts. */
  parent?: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'demouser',
    password: 'Demo12345',
    companyName: '深圳市前海智汇科技有限公司',
    email: 'demo@example.com',
    mobile: '13800138000',
    level: 22,
    gid: PLAN.professional,
    expiresInDays: 20,
  },
  {
    username: 'demosub01',
    password: 'Demo12345',
    companyName: '深圳市前海智汇科技有限公司',
    email: 'demosub01@example.com',
    // Shares the main account's mobile: mobiles are not unique.
    mobile: '13800138000',
    level: 0,
    gid: null,
    expiresInDays: null,
    parent: 'demouser',
  },
  {
    username: 'trialuser',
    password: 'Trial12345',
    companyName: '深圳市南山区创新服务中心',
    email: 'trial@example.com',
    mobile: '13800138001',
    level: 10,
    gid: null,
    expiresInDays: null,
  },
  {
    username: 'goldvip01',
    password: 'Gold12345',
    companyName: '广州市天河区金穗企业管理咨询有限公司',
    email: 'gold@example.com',
    mobile: '13800138002',
    level: 30,
    // A legacy member: no current plan id, so renewal leads to the plan list (docs/requirements.md §4).
    gid: null,
    expiresInDays: 365,
  },
  {
    // A trial member with customers of its own, who pays its policy evaluations with usage credits.
    username: 'payper01',
    password: 'Payper123',
    companyName: '深圳市前海按次咨询有限公司',
    email: 'payper@example.com',
    mobile: '13800138005',
    level: 10,
    gid: null,
    expiresInDays: null,
  },
  {
    username: 'nophone01',
    password: 'Nophone123',
    companyName: '东莞市松山湖新材料有限公司',
    email: 'nophone@example.com',
    mobile: null,
    level: 10,
    gid: null,
    expiresInDays: null,
  },
];

export function expiryOf(user: DemoUser, now: Date): string | null {
  return user.expiresInDays === null
    ? null
    : new Date(now.getTime() + user.expiresInDays * DAY_MS).toISOString();
}
