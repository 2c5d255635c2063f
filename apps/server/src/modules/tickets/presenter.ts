// Tickets as the member and the console see them: the staff shown to members as 客服 and a staff number (never a
// staff username), the unread mark of the opener, the messages with their attachments.
import {
  type StaffTicketDetail,
  type StaffTicketItem,
  shanghaiDate,
  TICKET_TITLE_CHARS,
  type TicketCategory,
  type TicketDetail,
  type TicketEvent,
  type TicketEventAction,
  type TicketFile,
  type TicketItem,
  type TicketStatus,
} from '@uc/shared';
import type { TicketRow } from '../../db/schema.js';

/** The ticket number: GD, the Shanghai date it was opened and its id (at least 4 digits). */
export const ticketNoOf = (id: number, at: Date): string =>
  `GD${shanghaiDate(at).replaceAll('-', '')}${String(id).padStart(4, '0')}`;

/** A ticket's title: the first 30 characters of its description on one line. */
export const ticketTitleOf = (content: string): string =>
  [...content.replace(/\s+/g, ' ').trim()].slice(0, TICKET_TITLE_CHARS).join('');

/** How a member sees a staff member: 客服 and the staff number (客服 alone for an answer of no account). */
export const staffAlias = (staffId: number | null): string =>
  staffId === null ? '客服' : `客服${String(staffId).padStart(3, '0')}`;

/** The opener has not read the latest staff answer. */
export const unreadBy = (
  ticket: Pick<TicketRow, 'user_id' | 'answered_at' | 'read_at'>,
  accountId: number,
): boolean =>
  ticket.user_id === accountId &&
  ticket.answered_at !== null &&
  (ticket.read_at === null || ticket.read_at < ticket.answered_at);

/** What every view of a ticket starts with. */
const headOf = (row: TicketRow) => ({
  id: row.id,
  no: row.no,
  category: row.category as TicketCategory,
  title: row.title,
  status: row.status as TicketStatus,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const toTicketItem = (row: TicketRow & { creator: string }, accountId: number): TicketItem => ({
  ...headOf(row),
  unread: unreadBy(row, accountId),
  creator: row.creator,
});

export interface MessageRow {
  id: number;
  sender: string;
  user_id: number | null;
  staff_id: number | null;
  content: string;
  created_at: string;
  username: string | null;
  staff_username: string | null;
}

export interface FileRow extends TicketFile {
  message_id: number | null;
}

const filesByMessage = (files: readonly FileRow[]) => {
  const by = new Map<number, TicketFile[]>();
  for (const f of files) {
    if (f.message_id === null) continue;
    const list = by.get(f.message_id) ?? [];
    list.push({ id: f.id, name: f.name, size: f.size, mime: f.mime });
    by.set(f.message_id, list);
  }
  return by;
};

const messagesOf = (messages: readonly MessageRow[], files: readonly FileRow[]) => {
  const by = filesByMessage(files);
  return messages.map((m) => ({
    id: m.id,
    from: m.sender === 'staff' ? ('staff' as const) : ('member' as const),
    author: m.sender === 'staff' ? staffAlias(m.staff_id) : (m.username ?? '已删除的账号'),
    content: m.content,
    attachments: by.get(m.id) ?? [],
    created_at: m.created_at,
    staff_username: m.sender === 'staff' ? (m.staff_username ?? '') : null,
  }));
};

export interface TicketParts {
  ticket: TicketRow;
  creator: string;
  owner: string;
  messages: readonly MessageRow[];
  files: readonly FileRow[];
}

const common = ({ ticket }: TicketParts) => ({
  ...headOf(ticket),
  page: ticket.page,
  order_no: ticket.order_no,
  rating: ticket.rating,
  rating_comment: ticket.rating_comment,
  closed_at: ticket.closed_at,
});

export const toTicketDetail = (parts: TicketParts, accountId: number): TicketDetail => ({
  ...common(parts),
  unread: unreadBy(parts.ticket, accountId),
  creator: parts.creator,
  messages: messagesOf(parts.messages, parts.files).map(({ staff_username: _, ...m }) => m),
});

const staffMember = (parts: Pick<TicketParts, 'ticket' | 'creator' | 'owner'>) => ({
  user_id: parts.ticket.user_id,
  username: parts.creator,
  owner_id: parts.ticket.owner_id,
  owner_username: parts.owner,
});

export const toStaffTicketItem = (
  row: TicketRow & { username: string; owner_username: string },
): StaffTicketItem => ({
  ...headOf(row),
  ...staffMember({ ticket: row, creator: row.username, owner: row.owner_username }),
  waiting_since: row.waiting_since,
  rating: row.rating,
});

export const toStaffTicketDetail = (
  parts: TicketParts,
  events: readonly { id: number; at: string; action: string; actor: string; detail: string }[],
): StaffTicketDetail => ({
  ...common(parts),
  ...staffMember(parts),
  waiting_since: parts.ticket.waiting_since,
  messages: messagesOf(parts.messages, parts.files),
  events: events.map(
    (e): TicketEvent => ({
      id: e.id,
      at: e.at,
      action: e.action as TicketEventAction,
      actor: e.actor,
      detail: e.detail,
    }),
  ),
});
