// Members made for a test: fresh accounts that can log in, their customers, and authenticated calls as them.
import { DAY_MS, HOUR_MS } from '@uc/shared';
import { expect } from 'vitest';
import { NO_IP_COUNTS } from '../../src/db/customer-summaries-repo.js';
import type { CustomerSeed } from '../../src/db/seed/content/generate.js';
import { insertSeededCustomers } from '../../src/db/seed/content/registry.js';
import type { NewCompany } from '../../src/db/seed/content/registry-repo.js';
import { hashPassword, sha256Hex } from '../../src/lib/password.js';
import type { Envelope, TestApp } from './app.js';
import { bearer, loginRequest } from './login.js';

export const MEMBER_PASSWORD = 'Member12345';
let passwordHash: Promise<string> | undefined;

export interface TestMember {
  id: number;
  username: string;
  token: string;
}

/** A member account (or a sub-account of `parentId`) created in the database, logged in. */
export async function createMember(
  t: TestApp,
  username: string,
  options: {
    parentId?: number;
    area?: string;
    company?: string;
    level?: number;
    /** A trial member without a plan, as trialuser is (level 10, no plan, no expiry). */
    trial?: boolean;
  } = {},
): Promise<TestMember> {
  passwordHash ??= hashPassword(sha256Hex(MEMBER_PASSWORD));
  const at = new Date().toISOString();
  const { id } = await t.db
    .insertInto('users')
    .values({
      username,
      password_hash: await passwordHash,
      company_name: options.company ?? `${username}测试科技有限公司`,
      mobile: '13900000000',
      level: options.trial ? 10 : (options.level ?? 22),
      gid: options.trial ? null : 13,
      expired_at: options.trial ? null : new Date(Date.now() + 30 * DAY_MS).toISOString(),
      is_sub: options.parentId ? 1 : 0,
      parent_id: options.parentId ?? null,
      area: options.area ?? '440300',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('users')
    .set({ group_id: options.parentId ?? id })
    .where('id', '=', id)
    .execute();
  const res = await loginRequest(t.app, username, MEMBER_PASSWORD);
  const body = res.json<Envelope<{ token: string } | null>>();
  if (!body.data) throw new Error(`login ${username} failed: ${res.body}`);
  return { id, username, token: body.data.token };
}

/** What a test's customer and registry company are unless told otherwise: a 南山 manufacturer, not high-tech, no IP. */
const plainCompany = () => ({
  industry_code: 'C',
  city_code: '440300',
  area_code: '440305',
  is_hightech: 0,
  ...NO_IP_COUNTS,
  created_at: new Date().toISOString(),
});

/** A customer row with sensible defaults; `over` sets what the test is about. */
export function customer(userId: number, over: Partial<CustomerSeed> = {}): CustomerSeed {
  return {
    user_id: userId,
    name: '深圳市测试科技有限公司',
    ...plainCompany(),
    reg_capital_hundredths: 100_00,
    reg_time: '2018-06-01',
    ...over,
  };
}

/** Inserts customers, each with the registry company it refers to. */
export async function addCustomers(t: TestApp, rows: CustomerSeed[]): Promise<number[]> {
  return insertSeededCustomers(t.db, rows);
}

/** GET with the member's token; expects HTTP 200 and body code 200, returns data. */
export async function getData<T>(t: TestApp, member: TestMember, url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(member.token) });
  const body = res.json<Envelope<T>>();
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  expect(body.code).toBe(200);
  return body.data;
}

/** The status and body of a failing call. */
export async function call(
  t: TestApp,
  member: TestMember | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: member ? bearer(member.token) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<Envelope<unknown>>() };
}

/** An ISO instant `hours` from `base` (negative: before). */
export const hoursFrom = (base: Date, hours: number) =>
  new Date(base.getTime() + hours * HOUR_MS).toISOString();
export const daysFrom = (base: Date, days: number) => hoursFrom(base, days * 24);

/** A registry company (nobody's customer) with sensible defaults; `over` sets what the test is about. */
export function company(name: string, credit_code: string, over: Partial<NewCompany> = {}): NewCompany {
  return {
    name,
    credit_code,
    ...plainCompany(),
    reg_capital_hundredths: 0,
    reg_time: '2020-01-01',
    ...over,
  };
}
