// Holds the operator console puts on a member and on an API key, kept apart from the member's own switches: a main
// account enables its sub-accounts and a member revokes its keys, so neither may lift what staff set. Frozen once
// merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Set by 停用 in the console (login refused, sessions ended); null while the member may sign in.
  await db.schema.alterTable('users').addColumn('staff_disabled_at', 'text').execute();
  // Set by 停用 of a key in the console (the open API refuses it); null while usable. Revoking stays the member's.
  await db.schema.alterTable('api_keys').addColumn('suspended_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('suspended_at').execute();
  await db.schema.alterTable('users').dropColumn('staff_disabled_at').execute();
}
