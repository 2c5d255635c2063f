// The console's 工单 section: the queue of the members' tickets (oldest waiting first), a ticket with its messages and
// history, the answer (optionally closing it), and attachments both ways. Permissions tickets.read / tickets.write.
import { z } from 'zod';
import { textField } from './fields.js';
import { MSG } from './messages.js';
import {
  TICKET_CATEGORY_KEYS,
  TICKET_STATUS_KEYS,
  ticketAttachmentsField,
  ticketContentField,
  ticketDetailSchema,
} from './tickets.js';

export const STAFF_TICKETS_API = {
  /** GET StaffTicketQuery + paging -> Page<StaffTicketItem>: oldest waiting (待处理) first, then the rest newest first. */
  list: '/api/admin/tickets/',
  /** POST multipart, one file field `file` -> TicketFile: a staff attachment uploaded before the answer carrying it. */
  files: '/api/admin/tickets/files/',
  /** GET -> StaffTicketDetail. */
  detail: '/api/admin/tickets/{id}/',
  /** POST StaffTicketReplyBody -> StaffTicketDetail: the answer (the ticket becomes 已回复, or 已关闭 with close). */
  reply: '/api/admin/tickets/{id}/reply/',
  /** POST { reason } -> StaffTicketDetail: closes it without an answer (a duplicate, spam). */
  close: '/api/admin/tickets/{id}/close/',
  /** GET -> an attachment of the ticket (Content-Disposition attachment). */
  file: '/api/admin/tickets/{id}/files/{fileId}/',
} as const;

export const staffTicketQuery = z.object({
  status: z.enum(TICKET_STATUS_KEYS, { error: MSG.ticketStatusInvalid }).optional(),
  category: z.enum(TICKET_CATEGORY_KEYS, { error: MSG.ticketCategoryInvalid }).optional(),
  /** A ticket number or a fragment of the title. */
  q: textField(60).trim().optional(),
  /** A username or a member id (the opener or its main account). */
  member: textField(32).trim().optional(),
});
export type StaffTicketQuery = z.infer<typeof staffTicketQuery>;

export const staffTicketReplyBody = z.object({
  content: ticketContentField,
  attachments: ticketAttachmentsField,
  /** Close the ticket with this answer. */
  close: z.boolean({ error: MSG.badRequest }).optional().default(false),
});
export type StaffTicketReplyBody = z.input<typeof staffTicketReplyBody>;
export type StaffTicketReplyInput = z.output<typeof staffTicketReplyBody>;

const staffTicketMember = {
  /** The account that opened it. */
  user_id: z.number(),
  /** Its username (the same as `creator`). */
  username: z.string(),
  /** The team's main account (itself for a main account). */
  owner_id: z.number(),
  owner_username: z.string(),
};

export const staffTicketItemSchema = z.object({
  id: z.number(),
  no: z.string(),
  category: z.enum(TICKET_CATEGORY_KEYS),
  title: z.string(),
  status: z.enum(TICKET_STATUS_KEYS),
  ...staffTicketMember,
  created_at: z.string(),
  updated_at: z.string(),
  /** Since when it waits for staff (the member's latest message while 待处理), else null. */
  waiting_since: z.string().nullable(),
  rating: z.number().nullable(),
});
export type StaffTicketItem = z.infer<typeof staffTicketItemSchema>;

/** What happened to a ticket, oldest first: the members' and staff's actions (the staff's are in the audit log too). */
export const TICKET_EVENT_ACTIONS = {
  open: '提交工单',
  reply: '补充说明',
  close: '关闭工单',
  rate: '评价',
  staff_reply: '客服回复',
  staff_close: '客服关闭',
} as const;
export type TicketEventAction = keyof typeof TICKET_EVENT_ACTIONS;

export const ticketEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.enum(Object.keys(TICKET_EVENT_ACTIONS) as [TicketEventAction, ...TicketEventAction[]]),
  /** '会员 <username>' or '客服 <staff username>' (staff see their colleagues' names). */
  actor: z.string(),
  /** A short detail: the rating, the close reason, the status after; '' when none. */
  detail: z.string(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

export const staffTicketMessageSchema = ticketDetailSchema.shape.messages.element.extend({
  /** The staff member's username for a staff message (the member sees 客服 and a number), else null. */
  staff_username: z.string().nullable(),
});

export const staffTicketDetailSchema = ticketDetailSchema
  .omit({ unread: true, creator: true, messages: true })
  .extend({
    ...staffTicketMember,
    waiting_since: z.string().nullable(),
    messages: z.array(staffTicketMessageSchema),
    events: z.array(ticketEventSchema),
  });
export type StaffTicketDetail = z.infer<typeof staffTicketDetailSchema>;
