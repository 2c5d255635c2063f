// The console's access matrix (and no permission that no route needs), walked over every staff route the app registers (app.staffRoutes), so a section added
// later is covered without a line here: without a staff session 401; a member's bearer token (or a member token put
// in the staff cookie) 401; each role 403 on every route whose permission it lacks, with any body; and past the door
// (neither 401 nor 403, never a 5xx) on every route whose permission it holds.
import {
  MSG,
  permissionsOf,
  STAFF_API_BASE,
  STAFF_COOKIE,
  STAFF_PERMISSION_KEYS,
  STAFF_ROLE_KEYS,
  STAFF_VIEW_PERMISSIONS,
  type StaffPermission,
  type StaffRole,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRoute } from '../../src/plugins/staff-auth.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { login } from '../support/login.js';
import { signInStaff } from '../support/staff.js';

let t: TestApp;
let routes: StaffRoute[];
const cookies = new Map<StaffRole, string>();
let memberToken: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 0 });
  routes = t.app.staffRoutes;
  for (const role of STAFF_ROLE_KEYS) cookies.set(role, (await signInStaff(t, role)).cookie);
  memberToken = await login(t.app, 'demouser');
});
afterAll(async () => {
  await t.close();
});

/** A route's URL with every path parameter filled (a well-formed id that names nothing). */
const urlOf = (route: StaffRoute) => route.url.replace(/:[A-Za-z_]+/g, '1');

function call(route: StaffRoute, headers: Record<string, string>) {
  const changing = route.method !== 'GET';
  return t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route),
    headers,
    ...(changing ? { payload: {} } : {}),
  });
}

describe('the console routes', () => {
  it('are all under /api/admin/, and every permission but the view ones opens at least one of them', () => {
    for (const route of routes) expect(route.url.startsWith(STAFF_API_BASE)).toBe(true);
    const needed = new Set(routes.map((route) => route.need));
    for (const key of STAFF_PERMISSION_KEYS)
      expect(needed.has(key), key).toBe(!STAFF_VIEW_PERMISSIONS.includes(key));
  });

  it('export only with a section export permission, each export route under /export/ or the secrets', () => {
    const exports = routes.filter((route) => route.method === 'GET' && route.url.includes('/export/'));
    expect(exports.length).toBeGreaterThanOrEqual(11);
    for (const route of exports) expect(String(route.need), route.url).toMatch(/\.export$/);
  });

  it('give each role exactly the export and personal-data permissions of the decided table', () => {
    const table: Record<StaffRole, StaffPermission[]> = {
      admin: [
        'overview.export',
        'orders.export',
        'members.export',
        'members.pii',
        'content.export',
        'cards.export',
        'invoices.export',
        'api.export',
        'audit.export',
      ],
      ops: ['overview.export', 'members.export', 'content.export'],
      finance: ['overview.export', 'orders.export', 'cards.export', 'invoices.export'],
      service: [],
    };
    for (const role of STAFF_ROLE_KEYS) {
      const held = permissionsOf(role).filter((p) => p.endsWith('.export') || p === 'members.pii');
      expect([...held].sort(), role).toEqual([...table[role]].sort());
    }
  });

  it('refuse a call without a staff session (401)', async () => {
    for (const route of routes) {
      const res = await call(route, {});
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json<Envelope>().message).toBe(MSG.staffSessionExpired);
    }
  });

  it("refuse a member's token, as a bearer token or in the staff cookie (401)", async () => {
    for (const route of routes) {
      for (const headers of <Record<string, string>[]>[
        { authorization: `Bearer ${memberToken}` },
        { cookie: `${STAFF_COOKIE}=${memberToken}` },
      ]) {
        const res = await call(route, headers);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });

  it.each(STAFF_ROLE_KEYS)('%s: 403 exactly where the role lacks the permission', async (role) => {
    const cookie = cookies.get(role) ?? '';
    const held = permissionsOf(role);
    for (const route of routes) {
      const res = await call(route, { cookie });
      const where = `${role} ${route.method} ${route.url}`;
      expect(res.statusCode, where).toBeLessThan(500);
      if (route.need === true || held.includes(route.need)) {
        expect([401, 403], where).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, where).toBe(403);
        expect(res.json<Envelope>().message, where).toBe(MSG.staffForbidden);
      }
    }
  });
});
