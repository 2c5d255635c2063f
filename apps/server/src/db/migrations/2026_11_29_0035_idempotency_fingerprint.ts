// The fingerprint of the request an open API answer was kept for (method, product and normalised parameters, SHA-256),
// so an Idempotency-Key reused for another request is refused instead of answered with the first one's answer.
// Frozen once merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null on answers kept before the column existed: they match no request and expire within a day.
  await db.schema.alterTable('api_idempotency').addColumn('fingerprint', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_idempotency').dropColumn('fingerprint').execute();
}
