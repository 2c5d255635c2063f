// The customer list's sorts and ranges (我的客户): registration date and registered capital, each after the member, so
// a member's page in either order and a range count read one index range; the name search counts over a covering
// (member, name) index instead of the table. Frozen once merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';

const INDEXES = [
  { name: 'customers_user_regtime_idx', columns: ['user_id', 'reg_time'] },
  { name: 'customers_user_capital_idx', columns: ['user_id', 'reg_capital_hundredths'] },
  { name: 'customers_user_name_idx', columns: ['user_id', 'name'] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { name, columns } of INDEXES) {
    await db.schema
      .createIndex(name)
      .on('customers')
      .columns([...columns])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { name } of INDEXES) {
    await db.schema.dropIndex(name).execute();
  }
}
