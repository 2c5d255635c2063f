// 工单: a member asks for help (category, description, attachments, the page it came from), staff of role 客服 answer in
// the console, the member reads the answer (bell, SMS/mail per 推送设置), replies, and closes or rates it. A sub-account
// sees the tickets it opened, a main account all of its team's (docs/decisions.md "tickets").
import { z } from 'zod';
import { OUT_TRADE_NO_PATTERN } from './commerce.js';
import { MEMBER_APP_BASE } from './constants.js';
import { hasIllegalChars, idField, textField } from './fields.js';
import { HELP_TOPICS } from './help.js';
import { keysOf, namesOf } from './key-table.js';
import { MSG } from './messages.js';

/** Paths of the member's ticket calls (not in docs/requirements.md §7: the product's own). */
export const TICKET_API = {
  /** GET TicketListQuery + page, size -> Page<TicketItem>, latest activity first; POST TicketCreateBody -> TicketDetail. */
  list: '/api/ccw/tickets/',
  /** POST multipart, one file field `file` -> TicketFile: uploaded before the ticket or reply that carries it. */
  files: '/api/ccw/tickets/files/',
  /** GET -> TicketDetail; reading it marks the staff answers read. */
  detail: '/api/ccw/tickets/{id}/',
  /** POST TicketReplyBody -> TicketDetail (an answered ticket is open again). */
  reply: '/api/ccw/tickets/{id}/reply/',
  /** POST TicketCloseBody -> TicketDetail: closes it (rated or not); on a closed unrated ticket, rates it. */
  close: '/api/ccw/tickets/{id}/close/',
  /** GET -> the attachment (Content-Disposition attachment). */
  file: '/api/ccw/tickets/{id}/files/{fileId}/',
} as const;

/** What a ticket is about: the help topics and 其他. */
export const TICKET_CATEGORIES = [...HELP_TOPICS, { key: 'other', name: '其他' }] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number]['key'];
export const TICKET_CATEGORY_KEYS = keysOf(TICKET_CATEGORIES);
export const TICKET_CATEGORY_NAME = namesOf(TICKET_CATEGORIES);

/** 待处理 (waiting for staff), 已回复 (waiting for the member), 已关闭. A member reply turns answered back to open. */
export const TICKET_STATUSES = [
  { key: 'open', name: '待处理' },
  { key: 'answered', name: '已回复' },
  { key: 'closed', name: '已关闭' },
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number]['key'];
export const TICKET_STATUS_KEYS = keysOf(TICKET_STATUSES);
export const TICKET_STATUS_NAME = namesOf(TICKET_STATUSES);

/** Description and reply length (characters). */
export const TICKET_CONTENT_MIN = 5;
export const TICKET_CONTENT_MAX = 2000;
/** Characters of the content a ticket's title takes. */
export const TICKET_TITLE_CHARS = 30;
/** Attachments of one ticket or reply. */
export const TICKET_FILES_MAX = 5;
/** Longest in-app path kept with a ticket. */
export const TICKET_PAGE_MAX = 200;
/** A ticket's page is kept only when it is one of the member app's. */
export const TICKET_PAGE_PREFIX = `${MEMBER_APP_BASE}/`;
export const TICKET_COMMENT_MAX = 200;
/**
 * What an attachment may be: images, PDF, Word and Excel (the file's content is checked against its type). The size
 * limit is the server's UPLOAD_MAX_MB.
 */
export const TICKET_FILE_TYPES = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
} as const satisfies Record<string, readonly string[]>;
/** The `accept` of the file pickers. */
export const TICKET_FILE_ACCEPT = Object.values(TICKET_FILE_TYPES)
  .flat()
  .map((ext) => `.${ext}`)
  .join(',');

/** A description or reply: 5-2,000 characters, several lines (CR LF read as LF), trimmed. */
export const ticketContentField = textField(TICKET_CONTENT_MAX, {
  error: MSG.ticketContentLength,
  tooLong: MSG.ticketContentLength,
  multiline: true,
})
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .refine((v) => [...v].length >= TICKET_CONTENT_MIN, MSG.ticketContentLength);

/** 0-5 uploaded file ids (TicketFile.id) of the caller's, not yet sent with another ticket or reply. */
export const ticketAttachmentsField = z
  .array(idField(MSG.ticketFileNotFound), { error: MSG.ticketFileNotFound })
  .max(TICKET_FILES_MAX, MSG.ticketFilesTooMany)
  .transform((ids) => [...new Set(ids)])
  .optional()
  .default([]);

/** The page a ticket came from: kept when it is an in-app path under /usercenter/ of ≤ 200 characters, else dropped. */
const ticketPageField = z
  .unknown()
  .transform((v) =>
    typeof v === 'string' &&
    v.startsWith(TICKET_PAGE_PREFIX) &&
    [...v].length <= TICKET_PAGE_MAX &&
    !/\s/.test(v) &&
    !hasIllegalChars(v)
      ? v
      : null,
  )
  .optional();

export const ticketCreateBody = z.object({
  category: z.enum(TICKET_CATEGORY_KEYS, { error: MSG.ticketCategoryInvalid }),
  content: ticketContentField,
  attachments: ticketAttachmentsField,
  page: ticketPageField,
  /** The order it is about (an order of the caller's team), or nothing. */
  order_no: textField(32, { error: MSG.ticketOrderNotFound, tooLong: MSG.ticketOrderNotFound })
    .trim()
    .refine((v) => v === '' || OUT_TRADE_NO_PATTERN.test(v), MSG.ticketOrderNotFound)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type TicketCreateBody = z.input<typeof ticketCreateBody>;
export type TicketCreateInput = z.output<typeof ticketCreateBody>;

export const ticketReplyBody = z.object({ content: ticketContentField, attachments: ticketAttachmentsField });
export type TicketReplyBody = z.input<typeof ticketReplyBody>;
export type TicketReplyInput = z.output<typeof ticketReplyBody>;

/** Closing with or without a rating; a closed unrated ticket is rated by the same call (rating then required). */
export const ticketCloseBody = z.object({
  rating: z
    .number({ error: MSG.ticketRatingInvalid })
    .int(MSG.ticketRatingInvalid)
    .min(1, MSG.ticketRatingInvalid)
    .max(5, MSG.ticketRatingInvalid)
    .optional(),
  comment: textField(TICKET_COMMENT_MAX, { tooLong: MSG.ticketCommentTooLong, multiline: true })
    .trim()
    .optional(),
});
export type TicketCloseBody = z.input<typeof ticketCloseBody>;

export const ticketListQuery = z.object({
  status: z.enum(TICKET_STATUS_KEYS, { error: MSG.ticketStatusInvalid }).optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuery>;

/** An attachment as both sides list it. */
export const ticketFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Bytes. */
  size: z.number(),
  mime: z.string(),
});
export type TicketFile = z.infer<typeof ticketFileSchema>;

export const ticketItemSchema = z.object({
  id: z.number(),
  /** The ticket number shown to people: GD + the Shanghai date opened + a serial, e.g. GD202611290012. */
  no: z.string(),
  category: z.enum(TICKET_CATEGORY_KEYS),
  /** The first 30 characters of the description. */
  title: z.string(),
  status: z.enum(TICKET_STATUS_KEYS),
  created_at: z.string(),
  /** The latest message or change. */
  updated_at: z.string(),
  /** The caller opened it and has not read the latest staff answer. */
  unread: z.boolean(),
  /** The username of the account that opened it (a main account sees its sub-accounts'). */
  creator: z.string(),
});
export type TicketItem = z.infer<typeof ticketItemSchema>;

export const ticketMessageSchema = z.object({
  id: z.number(),
  from: z.enum(['member', 'staff']),
  /** A member's username; staff as 客服 and their staff number (客服007), never a staff username. */
  author: z.string(),
  content: z.string(),
  attachments: z.array(ticketFileSchema),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketDetailSchema = ticketItemSchema.extend({
  /** The in-app path it came from, or null. */
  page: z.string().nullable(),
  order_no: z.string().nullable(),
  /** 1-5 once rated. */
  rating: z.number().nullable(),
  rating_comment: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** Oldest first; the first is the description. */
  messages: z.array(ticketMessageSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** The member page of a ticket (the bell's link): `${TICKET_DETAIL_PAGE}?id=`. */
export const TICKET_DETAIL_PAGE = '/ticket/detail';
export const ticketDetailLink = (id: number): string => `${TICKET_DETAIL_PAGE}?id=${id}`;
