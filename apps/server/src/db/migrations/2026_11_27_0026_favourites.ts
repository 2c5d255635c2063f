// Policy items opened from the lists: each member's 收藏 (favourites), the record of the 申报提醒 sent (once per
// member, item and deadline: the key is the claim), the 提醒天数 of the push settings, and the menu rows of 申报日历
// and the hidden 政策详情 page. Frozen once merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';
import { addMenuRow, removeMenuRow, setMenuHidden } from './menu-rows.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per member (main account) and item; the list reads it newest first.
  await db.schema
    .createTable('policy_favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('policy_items.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('policy_favourites_pk', ['user_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('policy_favourites_user_created_idx')
    .on('policy_favourites')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('policy_favourites_item_idx')
    .on('policy_favourites')
    .column('item_id')
    .execute();

  // A reminder sent: inserting the key claims it, so any instance may run the job and each is sent once.
  await db.schema
    .createTable('policy_reminders')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('policy_items.id').onDelete('cascade'))
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('policy_reminders_pk', ['user_id', 'item_id', 'deadline'])
    .execute();

  await db.schema
    .alterTable('push_settings')
    .addColumn('remind_days', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();

  await addMenuRow(db, 'Sub', {
    path: '/policy/calendar',
    name: 'PolicyCalendar',
    component: 'policy/calendar',
    title: '申报日历',
    packageOnly: false,
  });
  await addMenuRow(db, 'Sub', {
    path: '/policy/detail',
    name: 'PolicyDetail',
    component: 'policy/detail',
    title: '政策详情',
    packageOnly: false,
  });
  await setMenuHidden(db, 'PolicyDetail', true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeMenuRow(db, 'PolicyDetail');
  await removeMenuRow(db, 'PolicyCalendar');
  await db.schema.alterTable('push_settings').dropColumn('remind_days').execute();
  await db.schema.dropTable('policy_reminders').execute();
  await db.schema.dropTable('policy_favourites').execute();
}
