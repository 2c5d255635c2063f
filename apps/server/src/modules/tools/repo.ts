// SQL of the tools and usage credits: the catalogue, the packs, grants (one per source) and uses (one per request id).
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ToolCreditGrantRow, ToolCreditPackRow, ToolRow } from '../../db/schema.js';

export function listTools(db: Db): Promise<ToolRow[]> {
  return db.selectFrom('tools').selectAll().orderBy('sort').execute();
}

/** The packs on sale, by tool and size. */
export function listPacks(db: Db, toolCode?: string): Promise<ToolCreditPackRow[]> {
  let query = db.selectFrom('tool_credit_packs').selectAll().where('on_sale', '=', 1);
  if (toolCode) query = query.where('tool_code', '=', toolCode);
  return query.orderBy('tool_code').orderBy('sort').execute();
}

/** Packs (on sale or not) with their tool's name and level, as orders sell them. */
function packOffers(db: Db) {
  return db
    .selectFrom('tool_credit_packs as p')
    .innerJoin('tools as t', 't.code', 'p.tool_code')
    .select([
      'p.id',
      'p.tool_code',
      'p.uses',
      'p.price_fen',
      'p.valid_days',
      'p.on_sale',
      't.name as tool_name',
      't.included_level',
    ]);
}

export function findPack(db: Db, packId: number) {
  return packOffers(db).where('p.id', '=', packId).executeTakeFirst();
}

export function listPackOffers(db: Db) {
  return packOffers(db).orderBy('p.id').execute();
}

/** Per tool, the member's unexpired credits left and when the first of them expires. */
export async function creditBalances(
  db: Db,
  userId: number,
  at: string,
): Promise<Map<string, { credits: number; firstExpiry: string }>> {
  const rows = await db
    .selectFrom('tool_credit_grants')
    .select((eb) => [
      'tool_code',
      eb.fn.sum<number | string | bigint>('remaining').as('credits'),
      eb.fn.min<string>('expires_at').as('first_expiry'),
    ])
    .where('user_id', '=', userId)
    .where('expires_at', '>', at)
    .where('remaining', '>', 0)
    .groupBy('tool_code')
    .execute();
  return new Map(
    rows.map((r) => [r.tool_code, { credits: Number(r.credits), firstExpiry: r.first_expiry }] as const),
  );
}

export interface NewGrant {
  userId: number;
  toolCode: string;
  sourceType: 'order' | 'card' | 'operator';
  sourceId: string;
  uses: number;
  expiresAt: string;
  at: string;
}

/** Writes the grant unless its source granted before; whether it was written. */
export async function insertGrant(db: Db, grant: NewGrant): Promise<boolean> {
  const result = await db
    .insertInto('tool_credit_grants')
    .values({
      user_id: grant.userId,
      tool_code: grant.toolCode,
      source_type: grant.sourceType,
      source_id: grant.sourceId,
      total: grant.uses,
      remaining: grant.uses,
      expires_at: grant.expiresAt,
      created_at: grant.at,
    })
    .onConflict((oc) => oc.columns(['source_type', 'source_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The grant of a source (an order's id, a card's), if it granted. */
export function findGrantBySource(db: Db, sourceType: NewGrant['sourceType'], sourceId: string) {
  return db
    .selectFrom('tool_credit_grants as g')
    .innerJoin('tools as t', 't.code', 'g.tool_code')
    .select(['t.name as tool_name', 'g.total', 'g.expires_at', 'g.created_at'])
    .where('g.source_type', '=', sourceType)
    .where('g.source_id', '=', sourceId)
    .executeTakeFirst();
}

/**
 * The guard of a whole refund of a source's credits: takes them all back (remaining to 0) only while none was spent
 * (remaining = total), in one conditional update, so a use running beside it either takes its credit first (and the
 * refund is refused) or finds none left. Whether it took them back.
 */
export async function holdGrant(
  db: Db,
  sourceType: NewGrant['sourceType'],
  sourceId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('tool_credit_grants')
    .set({ remaining: 0 })
    .where('source_type', '=', sourceType)
    .where('source_id', '=', sourceId)
    .where('remaining', '>', 0)
    .whereRef('remaining', '=', 'total')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a source's credits held by a refund that did not go through back (a held grant has none left to use). */
export async function releaseGrant(
  db: Db,
  sourceType: NewGrant['sourceType'],
  sourceId: string,
): Promise<void> {
  await db
    .updateTable('tool_credit_grants')
    .set((eb) => ({ remaining: eb.ref('total') }))
    .where('source_type', '=', sourceType)
    .where('source_id', '=', sourceId)
    .where('remaining', '=', 0)
    .execute();
}

/** The use of that request id, if it was charged before. */
export function findUse(db: Db, userId: number, toolCode: string, requestId: string) {
  return db
    .selectFrom('tool_credit_uses')
    .select(['id', 'grant_id'])
    .where('user_id', '=', userId)
    .where('tool_code', '=', toolCode)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** The grants a use may draw from, the soonest to expire first (then the oldest). */
export function usableGrants(
  db: Db,
  userId: number,
  toolCode: string,
  at: string,
): Promise<ToolCreditGrantRow[]> {
  return db
    .selectFrom('tool_credit_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('tool_code', '=', toolCode)
    .where('expires_at', '>', at)
    .where('remaining', '>', 0)
    .orderBy('expires_at')
    .orderBy('id')
    .execute();
}

/** Takes one credit from the grant if it still has one and has not expired: the guard against a second spender. */
export async function takeCredit(db: Db, grantId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('tool_credit_grants')
    .set({ remaining: sql`remaining - 1` })
    .where('id', '=', grantId)
    .where('remaining', '>=', 1)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertUse(
  db: Db,
  use: { userId: number; toolCode: string; requestId: string; grantId: number; at: string },
): Promise<void> {
  await db
    .insertInto('tool_credit_uses')
    .values({
      user_id: use.userId,
      tool_code: use.toolCode,
      request_id: use.requestId,
      grant_id: use.grantId,
      created_at: use.at,
    })
    .execute();
}
