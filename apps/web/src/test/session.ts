// The signed-in member of a test: the token cookie the HTTP client sends, the session store the screens read, and
// the member's plan as the server presents it.
import { COOKIE, type CusInfo } from '@uc/shared';
import { afterEach } from 'vitest';
import { resetAuthStore, useAuthStore } from '../lib/session/auth-store';
import { clearSessionCookies, setCookie } from '../lib/session/cookies';

export const TEST_TOKEN = 'test-token';

export interface TestMember {
  level?: number;
  id?: number;
  name?: string;
  roles?: string[];
}

/** Signs a member in: a professional member (level 22), id 7, demouser, unless told otherwise. */
export function signIn(member: TestMember = {}): void {
  setCookie(COOKIE.token, TEST_TOKEN);
  useAuthStore.setState({
    token: TEST_TOKEN,
    id: member.id ?? 7,
    name: member.name ?? 'demouser',
    level: member.level ?? 22,
    roles: member.roles ?? [],
  });
}

/** The member's company and plan as GET getCusInfo answers them: a professional (VIP专业版) main account. */
export function cusInfoFixture(over: Partial<CusInfo> = {}): CusInfo {
  return {
    company_name: '深圳市前海智汇科技有限公司',
    is_sub: false,
    gid: 13,
    level: 22,
    expired_time: '2026-12-13T00:00:00.000Z',
    ...over,
  };
}

/** Back to a visitor: no cookies, an empty store. */
export function signOut(): void {
  clearSessionCookies();
  resetAuthStore();
}

afterEach(() => signOut());
