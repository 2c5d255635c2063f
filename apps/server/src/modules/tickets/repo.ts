// SQL of 工单: tickets with their messages, attachments and history; the team's list (a sub-account's own tickets),
// the staff queue, and the uploads attached once the ticket or reply carrying them is sent.
import type { Insertable, RawBuilder, SelectQueryBuilder, Updateable } from 'kysely';
import { sql } from 'kysely';
import { type Db, forUpdate } from '../../db/connection.js';
import { countRows } from '../../db/listing.js';
import type {
  TicketEventsTable,
  TicketFileRow,
  TicketFilesTable,
  TicketMessagesTable,
  TicketRow,
  TicketsTable,
} from '../../db/schema.js';
import { containsText } from '../../lib/sql-contains.js';

export async function insertTicket(db: Db, row: Insertable<TicketsTable>): Promise<number> {
  const inserted = await db.insertInto('tickets').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateTicket(db: Db, id: number, values: Updateable<TicketsTable>): Promise<void> {
  await db.updateTable('tickets').set(values).where('id', '=', id).execute();
}

export async function insertMessage(db: Db, row: Insertable<TicketMessagesTable>): Promise<number> {
  const inserted = await db
    .insertInto('ticket_messages')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertEvent(db: Db, row: Insertable<TicketEventsTable>): Promise<void> {
  await db.insertInto('ticket_events').values(row).execute();
}

export async function insertFile(db: Db, row: Insertable<TicketFilesTable>): Promise<number> {
  const inserted = await db.insertInto('ticket_files').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Whose unsent uploads a message may carry: the member account that uploaded them, or any staff member's. */
export type Uploader = { accountId: number } | { staff: true };

/**
 * Attaches the uploader's unsent files of `ids` to the ticket and message: how many were attached (fewer than asked:
 * an id that is not such a file).
 */
export async function attachFiles(
  db: Db,
  ids: readonly number[],
  uploader: Uploader,
  to: { ticketId: number; messageId: number },
): Promise<number> {
  if (ids.length === 0) return 0;
  let query = db
    .updateTable('ticket_files')
    .set({ ticket_id: to.ticketId, message_id: to.messageId })
    .where('id', 'in', [...ids])
    .where('message_id', 'is', null);
  query =
    'staff' in uploader
      ? query.where('staff_id', 'is not', null)
      : query.where('uploaded_by', '=', uploader.accountId).where('staff_id', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findTicket(db: Db, id: number): Promise<TicketRow | undefined> {
  return db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The ticket, its row locked until the commit on PostgreSQL (a reply and a close of the same ticket wait in turn). */
export function lockTicket(db: Db, id: number): Promise<TicketRow | undefined> {
  return forUpdate(db, db.selectFrom('tickets').selectAll().where('id', '=', id)).executeTakeFirst();
}

/** The ticket when it is of the team of main account `ownerId`. */
export function teamTicket(db: Db, id: number, ownerId: number): Promise<TicketRow | undefined> {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

/** The usernames of a ticket's opener and its main account. */
export function ticketPeople(db: Db, ticket: Pick<TicketRow, 'user_id' | 'owner_id'>) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [ticket.user_id, ticket.owner_id])
    .execute();
}

export function messagesOf(db: Db, ticketId: number) {
  return db
    .selectFrom('ticket_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('staff as s', 's.id', 'm.staff_id')
    .select([
      'm.id',
      'm.sender',
      'm.user_id',
      'm.staff_id',
      'm.content',
      'm.created_at',
      'u.username as username',
      's.username as staff_username',
    ])
    .where('m.ticket_id', '=', ticketId)
    .orderBy('m.id')
    .execute();
}

export function filesOf(db: Db, ticketId: number) {
  return db
    .selectFrom('ticket_files')
    .select(['id', 'message_id', 'name', 'size', 'mime'])
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute();
}

export function eventsOf(db: Db, ticketId: number) {
  return db
    .selectFrom('ticket_events')
    .select(['id', 'at', 'action', 'actor', 'detail'])
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute();
}

/** An attachment sent with the ticket. */
export function ticketFile(db: Db, ticketId: number, fileId: number): Promise<TicketFileRow | undefined> {
  return db
    .selectFrom('ticket_files')
    .selectAll()
    .where('id', '=', fileId)
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
}

export interface TeamFilter {
  ownerId: number;
  /** A sub-account: only the tickets it opened. */
  userId?: number;
  status?: string;
}

function teamTickets(db: Db, filter: TeamFilter) {
  let query = db
    .selectFrom('tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .where('t.owner_id', '=', filter.ownerId);
  if (filter.userId !== undefined) query = query.where('t.user_id', '=', filter.userId);
  if (filter.status) query = query.where('t.status', '=', filter.status);
  return query;
}

/** A listed query's rows in `order`, `limit` of them at `offset`. */
const ordered = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: RawBuilder<unknown>,
  limit: number,
  offset: number,
) => query.orderBy(order).limit(limit).offset(offset).execute();

/** The team's tickets (a sub-account's own), latest activity first, with their opener's username. */
export const teamTicketRows = {
  rows: (db: Db, filter: TeamFilter, limit: number, offset = 0) =>
    ordered(
      teamTickets(db, filter).selectAll('t').select('u.username as creator'),
      sql`t.updated_at desc, t.id desc`,
      limit,
      offset,
    ),
  count: (db: Db, filter: TeamFilter) => countRows(teamTickets(db, filter)),
};

export interface StaffTicketFilter {
  status?: string;
  category?: string;
  q?: string;
  member?: string;
}

function staffTickets(db: Db, filter: StaffTicketFilter) {
  let query = db
    .selectFrom('tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('users as o', 'o.id', 't.owner_id');
  if (filter.status) query = query.where('t.status', '=', filter.status);
  if (filter.category) query = query.where('t.category', '=', filter.category);
  const q = filter.q;
  if (q) query = query.where((eb) => eb.or([eb('t.no', '=', q.toUpperCase()), containsText('t.title', q)]));
  const member = filter.member;
  if (member) {
    const id = /^\d{1,9}$/.test(member) ? Number(member) : null;
    query = query.where((eb) =>
      eb.or([
        eb('u.username', '=', member),
        eb('o.username', '=', member),
        ...(id === null ? [] : [eb('t.user_id', '=', id), eb('t.owner_id', '=', id)]),
      ]),
    );
  }
  return query;
}

/** The queue: the tickets waiting for staff first (the longest waiting first), then the others, latest first. */
export const staffTicketRows = {
  rows: (db: Db, filter: StaffTicketFilter, limit: number, offset = 0) =>
    ordered(
      staffTickets(db, filter)
        .selectAll('t')
        .select(['u.username as username', 'o.username as owner_username']),
      sql`case when t.status = 'open' then 0 else 1 end, coalesce(t.waiting_since, ''), t.updated_at desc, t.id desc`,
      limit,
      offset,
    ),
  count: (db: Db, filter: StaffTicketFilter) => countRows(staffTickets(db, filter)),
};
