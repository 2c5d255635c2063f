// The payer's WeChat openid for JSAPI payments, learned once through WeChat's OAuth (snsapi_base) and kept per account
// and per official-account app id (an openid belongs to one app id). Frozen once merged: never edit it, never import
// app code here.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wechat_payers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('appid', 'text', (c) => c.notNull())
    .addColumn('openid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wechat_payers_pk', ['user_id', 'appid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wechat_payers').execute();
}
