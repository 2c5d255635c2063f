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

/**
 * demouser's 政策推送 about the newest 申报通知 with an attachment (else the newest one), as a matching push would
 * have left it: the demo's bell and 消息中心 open a notice with its body and files. After the content; 1 or 0.
 */
export async function seedDemoPolicyMessage(db: Db, now: Date): Promise<number> {
  const demo = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'demouser')
    .where('is_sub', '=', 0)
    .executeTakeFirst();
  const at = now.toISOString();
  const published = db
    .selectFrom('policy_items')
    .select(['id', 'title'])
    .where('type', '=', 'sbtz')
    .where('publish_time', '<=', at)
    .orderBy('publish_time', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  const item =
    (await published
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('notice_files')
            .select('notice_files.id')
            .where('notice_files.notice_type', '=', 'policy')
            .where('notice_files.kind', '=', 'attachment')
            .whereRef('notice_files.notice_id', '=', 'policy_items.id'),
        ),
      )
      .executeTakeFirst()) ?? (await published.executeTakeFirst());
  if (!demo || !item) return 0;
  await db
    .insertInto('messages')
    .values({
      user_id: demo.id,
      kind: 'policy',
      title: item.title,
      body: MSG.inboxPolicyBody,
      link: `/policy/detail?id=${item.id}`,
      read_at: null,
      created_at: at,
    })
    .execute();
  return 1;
}
