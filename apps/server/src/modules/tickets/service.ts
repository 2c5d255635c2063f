// 工单 for members (docs/decisions.md "tickets"): open one (category, description, attachments, the page it came from,
// an order), list the team's (a sub-account its own), read one (marking the staff answers read by its opener), reply
// (an answered ticket waits for staff again), close it with or without a rating, or rate a closed one later. Each
// change is one transaction with its ticket event; the ticket row is locked while it changes.
import { randomUUID } from 'node:crypto';
import {
  MSG,
  type Page,
  type TicketCloseBody,
  type TicketCreateInput,
  type TicketDetail,
  type TicketItem,
  type TicketReplyInput,
  type TicketStatus,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { TicketRow } from '../../db/schema.js';
import { errors } from '../../errors.js';
import { filteredList, type Paging } from '../../lib/paging.js';
import type { Member } from '../../plugins/auth.js';
import { type Action, authorize, memberPrincipal } from '../access/policies.js';
import type { TicketFiles } from './files.js';
import { type TicketParts, ticketNoOf, ticketTitleOf, toTicketDetail, toTicketItem } from './presenter.js';
import {
  attachFiles,
  filesOf,
  insertEvent,
  insertMessage,
  insertTicket,
  lockTicket,
  messagesOf,
  type TeamFilter,
  teamTicket,
  teamTicketRows,
  ticketPeople,
  type Uploader,
  updateTicket,
} from './repo.js';

/** The member as the tickets read it. */
export type TicketMember = Pick<Member, 'ownerId' | 'accountId' | 'isSub'>;

interface TicketsDeps {
  db: Db;
  now: () => Date;
  files: TicketFiles;
}

/**
 * A message of the ticket, by a member account or a staff member, with the uploads it carries (the uploader's unsent
 * files, each once: another id is refused whole); its id.
 */
export async function postMessage(
  trx: Db,
  ticketId: number,
  by: { accountId: number } | { staffId: number },
  body: { content: string; attachments: readonly number[] },
  at: string,
): Promise<number> {
  const staff = 'staffId' in by;
  const messageId = await insertMessage(trx, {
    ticket_id: ticketId,
    sender: staff ? 'staff' : 'member',
    user_id: staff ? null : by.accountId,
    staff_id: staff ? by.staffId : null,
    content: body.content,
    created_at: at,
  });
  const uploader: Uploader = staff ? { staff: true } : { accountId: by.accountId };
  if (
    (await attachFiles(trx, body.attachments, uploader, { ticketId, messageId })) !== body.attachments.length
  )
    throw errors.badRequest(MSG.ticketFileNotFound);
  return messageId;
}

/** A ticket with its people, messages and attachments. */
export async function partsOf(db: Db, ticket: TicketRow): Promise<TicketParts> {
  const [people, messages, files] = await Promise.all([
    ticketPeople(db, ticket),
    messagesOf(db, ticket.id),
    filesOf(db, ticket.id),
  ]);
  const name = (id: number) => people.find((p) => p.id === id)?.username ?? '';
  return { ticket, creator: name(ticket.user_id), owner: name(ticket.owner_id), messages, files };
}

const memberName = (username: string) => `会员 ${username}`;

export function createTicketsService({ db, now, files }: TicketsDeps) {
  /** The team's ticket the member may act on (another team's answers 工单不存在, another sub-account's 403). */
  async function allowed(q: Db, member: TicketMember, id: number, action: Action & `ticket.${string}`) {
    const ticket = await teamTicket(q, id, member.ownerId);
    return authorize(memberPrincipal(member), action, ticket);
  }

  /** The same, its row locked for the change under way. */
  async function locked(trx: Db, member: TicketMember, id: number): Promise<TicketRow> {
    await allowed(trx, member, id, 'ticket.reply');
    const row = await lockTicket(trx, id);
    if (!row) throw errors.consoleNotFound(MSG.ticketNotFound);
    return row;
  }

  async function usernameOf(q: Db, accountId: number): Promise<string> {
    const [me] = await ticketPeople(q, { user_id: accountId, owner_id: accountId });
    return me?.username ?? '';
  }

  async function detailOf(q: Db, member: TicketMember, ticket: TicketRow): Promise<TicketDetail> {
    return toTicketDetail(await partsOf(q, ticket), member.accountId);
  }

  return {
    async create(member: TicketMember, body: TicketCreateInput): Promise<TicketDetail> {
      const at = now();
      const stamp = at.toISOString();
      return db.transaction().execute(async (trx) => {
        const id = await insertTicket(trx, {
          // A placeholder unique until the number, made of the id, replaces it below.
          no: `new-${randomUUID()}`,
          user_id: member.accountId,
          owner_id: member.ownerId,
          category: body.category,
          title: ticketTitleOf(body.content),
          status: 'open',
          page: body.page ?? null,
          order_no: body.order_no,
          rating: null,
          rating_comment: null,
          created_at: stamp,
          updated_at: stamp,
          closed_at: null,
          waiting_since: stamp,
          answered_at: null,
          read_at: null,
        });
        await updateTicket(trx, id, { no: ticketNoOf(id, at) });
        await postMessage(trx, id, member, body, stamp);
        await insertEvent(trx, {
          ticket_id: id,
          at: stamp,
          action: 'open',
          user_id: member.accountId,
          staff_id: null,
          actor: memberName(await usernameOf(trx, member.accountId)),
          detail: body.attachments.length > 0 ? `附件${body.attachments.length}个` : '',
        });
        const row = await lockTicket(trx, id);
        if (!row) throw errors.internal();
        return detailOf(trx, member, row);
      });
    },

    list(member: TicketMember, status: TicketStatus | undefined, paging: Paging): Promise<Page<TicketItem>> {
      const filter: TeamFilter = {
        ownerId: member.ownerId,
        ...(member.isSub ? { userId: member.accountId } : {}),
        ...(status ? { status } : {}),
      };
      const present = (rows: Awaited<ReturnType<typeof teamTicketRows.rows>>) =>
        rows.map((row) => toTicketItem(row, member.accountId));
      return filteredList(teamTicketRows, db, filter, present).page(paging);
    },

    /** The ticket; its opener reading it marks the staff answers read. */
    async detail(member: TicketMember, id: number): Promise<TicketDetail> {
      let ticket = await allowed(db, member, id, 'ticket.read');
      if (ticket.user_id === member.accountId && ticket.answered_at !== null) {
        const readAt = now().toISOString();
        if (ticket.read_at === null || ticket.read_at < ticket.answered_at) {
          await updateTicket(db, id, { read_at: readAt });
          ticket = { ...ticket, read_at: readAt };
        }
      }
      return detailOf(db, member, ticket);
    },

    async reply(member: TicketMember, id: number, body: TicketReplyInput): Promise<TicketDetail> {
      const stamp = now().toISOString();
      return db.transaction().execute(async (trx) => {
        const ticket = await locked(trx, member, id);
        if (ticket.status === 'closed') throw errors.badRequest(MSG.ticketClosed);
        await postMessage(trx, id, member, body, stamp);
        await updateTicket(trx, id, {
          status: 'open',
          updated_at: stamp,
          // Waiting since its first unanswered message.
          waiting_since: ticket.status === 'open' ? (ticket.waiting_since ?? stamp) : stamp,
          ...(ticket.user_id === member.accountId ? { read_at: stamp } : {}),
        });
        await insertEvent(trx, {
          ticket_id: id,
          at: stamp,
          action: 'reply',
          user_id: member.accountId,
          staff_id: null,
          actor: memberName(await usernameOf(trx, member.accountId)),
          detail: ticket.status === 'answered' ? '已回复 -> 待处理' : '',
        });
        const row = await lockTicket(trx, id);
        if (!row) throw errors.internal();
        return detailOf(trx, member, row);
      });
    },

    /**
     * Closes the ticket, rated or not; on a closed ticket, rates it once (a rating is then required). A closed
     * ticket takes no reply.
     */
    async close(member: TicketMember, id: number, body: TicketCloseBody): Promise<TicketDetail> {
      const stamp = now().toISOString();
      return db.transaction().execute(async (trx) => {
        const ticket = await locked(trx, member, id);
        const rated = body.rating !== undefined;
        const rating = rated
          ? { rating: body.rating ?? null, rating_comment: body.comment ? body.comment : null }
          : {};
        const actor = memberName(await usernameOf(trx, member.accountId));
        const event = (action: 'close' | 'rate', detail: string) =>
          insertEvent(trx, {
            ticket_id: id,
            at: stamp,
            action,
            user_id: member.accountId,
            staff_id: null,
            actor,
            detail,
          });
        const stars = rated ? `${body.rating}星${body.comment ? `：${body.comment}` : ''}` : '';
        if (ticket.status === 'closed') {
          if (ticket.rating !== null) throw errors.badRequest(MSG.ticketRatedAlready);
          if (!rated) throw errors.badRequest(MSG.ticketRatingRequired);
          await updateTicket(trx, id, { ...rating, updated_at: stamp });
          await event('rate', stars);
        } else {
          await updateTicket(trx, id, {
            ...rating,
            status: 'closed',
            closed_at: stamp,
            waiting_since: null,
            updated_at: stamp,
          });
          await event('close', stars);
        }
        const row = await lockTicket(trx, id);
        if (!row) throw errors.internal();
        return detailOf(trx, member, row);
      });
    },

    upload(member: TicketMember, fileName: string, bytes: Buffer) {
      return files.upload({ ownerId: member.ownerId, accountId: member.accountId }, fileName, bytes);
    },

    /** Removes the uploads left unsent for a day; how many. */
    sweepUploads: () => files.sweep(),

    async download(member: TicketMember, id: number, fileId: number) {
      await allowed(db, member, id, 'ticket.read');
      return files.download(id, fileId);
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
