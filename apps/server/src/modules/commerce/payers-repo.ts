// SQL of the payers' WeChat openids (wechat_payers): one per account and official-account app id.
import type { Db } from '../../db/connection.js';

export async function findPayerOpenid(db: Db, userId: number, appid: string): Promise<string | null> {
  const row = await db
    .selectFrom('wechat_payers')
    .select('openid')
    .where('user_id', '=', userId)
    .where('appid', '=', appid)
    .executeTakeFirst();
  return row?.openid ?? null;
}

/** Keeps the openid WeChat's sign-in told (a later sign-in replaces it). */
export async function savePayerOpenid(
  db: Db,
  row: { userId: number; appid: string; openid: string; at: string },
): Promise<void> {
  await db
    .insertInto('wechat_payers')
    .values({
      user_id: row.userId,
      appid: row.appid,
      openid: row.openid,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'appid']).doUpdateSet({ openid: row.openid, updated_at: row.at }),
    )
    .execute();
}
