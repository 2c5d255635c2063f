// The demo seed's "new items": scheduled after the first start, selected by demouser's demo push settings, and
// pushed by the running server's outbox when due (an SMS digest too), without anyone typing a command.
import { type Page, type PolicyFeedItem, PUSH_POLICY_MATCHED, SUBSCRIBE_API } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NEW_ITEMS } from '../../src/db/seed/content/scheduled.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer, login } from '../support/login.js';
import { connect, type TestSocket, wsUrl } from '../support/push-socket.js';

const AFTER_SECONDS = 90;
// The seed dates from the real clock; the app's clock is moved past each due time.
let clock = new Date();
let t: TestApp;
let token: string;
let socket: TestSocket;
let demouserId: number;

/** The first Shanghai noon (04:00 UTC) after `from`. */
function shanghaiNoonAfter(from: number): number {
  const noon = new Date(from);
  noon.setUTCHours(4, 0, 0, 0);
  return noon.getTime() > from ? noon.getTime() : noon.getTime() + 86_400_000;
}

const dyxm = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${SUBSCRIBE_API.subList}?activeName=dyxm`,
    headers: bearer(token),
  });
  return res.json<Envelope<Page<PolicyFeedItem>>>().data;
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true, demoNewItemsAfterSeconds: AFTER_SECONDS }, { now: () => clock });
  token = await login(t.app, 'demouser');
  demouserId = (
    await t.db.selectFrom('users').select('id').where('username', '=', 'demouser').executeTakeFirstOrThrow()
  ).id;
  socket = await connect(t.app, wsUrl(demouserId, token));
  expect(await socket.next()).toMatchObject({ code: 0 });
});
afterAll(() => t.close());

describe('the demo seed’s new items', () => {
  it('are scheduled after the start, one every AFTER_SECONDS, and not listed before they are due', async () => {
    const rows = await t.db
      .selectFrom('policy_publications')
      .innerJoin('policy_items', 'policy_items.id', 'policy_publications.item_id')
      .select(['policy_items.title', 'policy_publications.due_at', 'policy_publications.dispatched_at'])
      .orderBy('policy_publications.due_at')
      .execute();
    expect(rows.map((r) => r.title)).toEqual(DEMO_NEW_ITEMS.map((i) => i.title));
    // Seeded after `clock` was read: the first is due AFTER_SECONDS after the seed, the next ones as far apart.
    const due = rows.map((r) => Date.parse(r.due_at));
    expect(due[0]).toBeGreaterThanOrEqual(clock.getTime() + AFTER_SECONDS * 1000);
    expect(due.slice(1).map((d, i) => d - (due[i] ?? 0))).toEqual([
      AFTER_SECONDS * 1000,
      AFTER_SECONDS * 1000,
    ]);
    expect(rows.every((r) => r.dispatched_at === null)).toBe(true);
    expect(await t.app.publisher.tick()).toBe(0);
    expect((await dyxm()).list.map((i) => i.title)).not.toContain(DEMO_NEW_ITEMS[0].title);
  });

  it('reach demouser’s dashboard as a push when due, with one SMS digest to its mobile', async () => {
    // The digest is one per member and Shanghai day, and the seed dated the items from the real clock, which may sit
    // minutes before midnight in Shanghai: the items move to the next Shanghai noon, as far apart as before.
    const base = shanghaiNoonAfter(Date.now());
    const rows = await t.db.selectFrom('policy_publications').select('item_id').orderBy('due_at').execute();
    for (const [i, { item_id }] of rows.entries()) {
      const due = new Date(base + i * AFTER_SECONDS * 1000).toISOString();
      await t.db
        .updateTable('policy_publications')
        .set({ due_at: due })
        .where('item_id', '=', item_id)
        .execute();
      await t.db.updateTable('policy_items').set({ publish_time: due }).where('id', '=', item_id).execute();
    }
    clock = new Date(base + 1000);
    expect(await t.app.publisher.tick()).toBe(1);
    expect(await socket.next()).toEqual({ code: PUSH_POLICY_MATCHED, message: DEMO_NEW_ITEMS[0].title });
    expect((await dyxm()).list[0]?.title).toBe(DEMO_NEW_ITEMS[0].title);
    clock = new Date(clock.getTime() + 2 * AFTER_SECONDS * 1000);
    expect(await t.app.publisher.tick()).toBe(2);
    expect(await socket.next()).toMatchObject({ message: DEMO_NEW_ITEMS[1].title });
    expect(await socket.next()).toMatchObject({ message: DEMO_NEW_ITEMS[2].title });
    const sms = (await t.app.inject({ method: 'GET', url: '/__dev/sms?phone=13800138000' })).json<
      Envelope<{ purpose: string; text?: string }[]>
    >().data;
    expect(sms.filter((m) => m.purpose === 'digest')).toHaveLength(1);
    expect(sms[0]?.text).toContain(DEMO_NEW_ITEMS[0].title.slice(0, 10));
  });
});

describe('without the option', () => {
  it('schedules nothing and leaves demouser without settings (what the other tests expect)', async () => {
    const plain = await createTestApp({ seedDemo: true });
    try {
      expect(await plain.db.selectFrom('policy_publications').select('item_id').execute()).toEqual([]);
      expect(await plain.db.selectFrom('push_settings').select('user_id').execute()).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
