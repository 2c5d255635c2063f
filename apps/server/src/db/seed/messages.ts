// The demo accounts' 消息中心: a welcome and a system notice each, so the demo shows a non-empty inbox (the same rows
// the messages module stores; the seed writes them itself like the rest of the demo content).
import { MSG } from '@uc/shared';
import type { Db } from '../connection.js';
import { DEMO_USERS } from './demo-users.js';

/** Inserts the demo messages for the demo accounts present; returns how many. */
export async function seedDemoMessages(db: Db, now: Date): Promise<number> {
  const accounts = await db
    .selectFrom('users')
    .select('id')
    .where(
      'username',
      'in',
      DEMO_USERS.map((u) => u.username),
    )
    .execute();
  if (accounts.length === 0) return 0;
  // The welcome an hour before the seed, the notice at it: newest first in the list.
  const earlier = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  const rows = accounts.flatMap(({ id }) => [
    {
      user_id: id,
      kind: 'system',
      title: MSG.inboxWelcomeTitle,
      body: MSG.inboxWelcomeBody,
      link: '',
      read_at: null,
      created_at: earlier,
    },
    {
      user_id: id,
      kind: 'system',
      title: MSG.inboxNoticeTitle,
      body: MSG.inboxNoticeBody,
      link: '',
      read_at: null,
      created_at: now.toISOString(),
    },
  ]);
  await db.insertInto('messages').values(rows).execute();
  return rows.length;
}
