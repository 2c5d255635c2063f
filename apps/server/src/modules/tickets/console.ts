// The console's 工单: the queue (the longest waiting first), a ticket with its messages and history, the staff answer
// (the ticket becomes 已回复, or 已关闭 with `close`) told to its opener in 消息中心 and by SMS and mail per 推送设置
// through the notices outbox, and closing without an answer. Every change is one transaction with its ticket event and
// its audit row; the member's notice is claimed in it and delivered to 消息中心 after the commit.
import {
  type InboxDelivery,
  MSG,
  MSG_WITH,
  type Page,
  type StaffTicketDetail,
  type StaffTicketItem,
  type StaffTicketQuery,
  type StaffTicketReplyInput,
  ticketDetailLink,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { TicketRow } from '../../db/schema.js';
import { errors } from '../../errors.js';
import { filteredList, type Paging } from '../../lib/paging.js';
import { authorize, staffPrincipal } from '../access/policies.js';
import type { NoticeOutbox } from '../notices/service.js';
import type { AuditActor, RecordAudit } from '../staff/audit.js';
import type { TicketFiles } from './files.js';
import { toStaffTicketDetail, toStaffTicketItem } from './presenter.js';
import { eventsOf, findTicket, insertEvent, lockTicket, staffTicketRows, updateTicket } from './repo.js';
import { partsOf, postMessage } from './service.js';

/** What the tickets need of 消息中心. */
export interface TicketsInbox {
  deliver(delivery: InboxDelivery): Promise<void>;
}

interface TicketDeskDeps {
  db: Db;
  now: () => Date;
  files: TicketFiles;
  audit: RecordAudit;
  notices: Pick<NoticeOutbox, 'enqueue'>;
  inbox: TicketsInbox;
  log: { warn(obj: object, msg: string): void };
}

/** The staff member acting, as the console's routes know it. */
export type TicketStaff = AuditActor & { permissions: Parameters<typeof staffPrincipal>[0]['permissions'] };

const auditShape = (t: Pick<TicketRow, 'status' | 'no'>) => ({ no: t.no, status: t.status });

export function createTicketDesk({ db, now, files, audit, notices, inbox, log }: TicketDeskDeps) {
  async function detailOf(q: Db, ticket: TicketRow): Promise<StaffTicketDetail> {
    const [parts, events] = await Promise.all([partsOf(q, ticket), eventsOf(q, ticket.id)]);
    return toStaffTicketDetail(parts, events);
  }

  /** The ticket the staff member may act on, its row locked. */
  async function locked(trx: Db, staff: TicketStaff, id: number): Promise<TicketRow> {
    return authorize(
      staffPrincipal({ id: staff.staff.id, permissions: staff.permissions }),
      'ticket.reply',
      await lockTicket(trx, id),
    );
  }

  const staffName = (staff: TicketStaff) => `客服 ${staff.staff.username}`;

  return {
    list(query: StaffTicketQuery, paging: Paging): Promise<Page<StaffTicketItem>> {
      return filteredList(staffTicketRows, db, query, (rows) => rows.map(toStaffTicketItem)).page(paging);
    },

    async detail(id: number): Promise<StaffTicketDetail> {
      const ticket = await findTicket(db, id);
      if (!ticket) throw errors.consoleNotFound(MSG.ticketNotFound);
      return detailOf(db, ticket);
    },

    /** The answer, optionally closing the ticket; its opener is told. */
    async reply(id: number, body: StaffTicketReplyInput, staff: TicketStaff): Promise<StaffTicketDetail> {
      const stamp = now().toISOString();
      const { answer, notice } = await db.transaction().execute(async (trx) => {
        const ticket = await locked(trx, staff, id);
        if (ticket.status === 'closed') throw errors.badRequest(MSG.ticketClosed);
        const messageId = await postMessage(trx, id, { staffId: staff.staff.id }, body, stamp);
        const status = body.close ? 'closed' : 'answered';
        await updateTicket(trx, id, {
          status,
          answered_at: stamp,
          waiting_since: null,
          updated_at: stamp,
          ...(body.close ? { closed_at: stamp } : {}),
        });
        const event = (action: 'staff_reply' | 'staff_close', detail: string) =>
          insertEvent(trx, {
            ticket_id: id,
            at: stamp,
            action,
            user_id: null,
            staff_id: staff.staff.id,
            actor: staffName(staff),
            detail,
          });
        await event('staff_reply', body.attachments.length > 0 ? `附件${body.attachments.length}个` : '');
        if (body.close) await event('staff_close', '回复并关闭');
        await audit(trx, {
          ...staff,
          action: 'tickets.reply',
          targetType: 'ticket',
          targetId: id,
          before: auditShape(ticket),
          after: { no: ticket.no, status, message_id: messageId },
        });
        const text = MSG_WITH.ticketAnswered(ticket.no, body.close);
        const delivery: InboxDelivery = {
          userIds: [ticket.user_id],
          kind: 'ticket',
          title: MSG.ticketAnsweredTitle,
          body: text,
          link: ticketDetailLink(id),
        };
        const owned = await notices.enqueue(trx, {
          userId: ticket.user_id,
          event: `ticket:${id}:${messageId}`,
          kind: 'ticket',
          title: MSG.ticketAnsweredTitle,
          body: text,
          link: delivery.link ?? '',
          smsDetail: MSG_WITH.smsTicketDetail(ticket.no),
        });
        const row = await lockTicket(trx, id);
        if (!row) throw errors.internal();
        return { answer: await detailOf(trx, row), notice: owned ? delivery : null };
      });
      if (notice) {
        await inbox
          .deliver(notice)
          .catch((err: unknown) => log.warn({ err, ticket: id }, 'ticket answer not in the inbox'));
      }
      return answer;
    },

    /** Closes the ticket without an answer (a duplicate, spam), with the reason. */
    async close(id: number, reason: string, staff: TicketStaff): Promise<StaffTicketDetail> {
      const stamp = now().toISOString();
      return db.transaction().execute(async (trx) => {
        const ticket = await locked(trx, staff, id);
        if (ticket.status === 'closed') throw errors.badRequest(MSG.ticketClosed);
        await updateTicket(trx, id, {
          status: 'closed',
          closed_at: stamp,
          waiting_since: null,
          updated_at: stamp,
        });
        await insertEvent(trx, {
          ticket_id: id,
          at: stamp,
          action: 'staff_close',
          user_id: null,
          staff_id: staff.staff.id,
          actor: staffName(staff),
          detail: reason,
        });
        await audit(trx, {
          ...staff,
          action: 'tickets.close',
          targetType: 'ticket',
          targetId: id,
          before: auditShape(ticket),
          after: { no: ticket.no, status: 'closed' },
          reason,
        });
        const row = await lockTicket(trx, id);
        if (!row) throw errors.internal();
        return detailOf(trx, row);
      });
    },

    upload(staffId: number, fileName: string, bytes: Buffer) {
      return files.upload({ staffId }, fileName, bytes);
    },

    async download(id: number, fileId: number) {
      if (!(await findTicket(db, id))) throw errors.consoleNotFound(MSG.ticketNotFound);
      return files.download(id, fileId);
    },
  };
}

export type TicketDesk = ReturnType<typeof createTicketDesk>;
