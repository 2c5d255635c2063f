// The content of a notice (a policy item or a news article): its body (sanitized HTML), its files (attachments and
// the body's images), its source (文号, 原文链接) and, for a 公示公告, its 公示名单 (one row per company). The console
// writes them (staff-content.ts), the member's detail reads them (policy-items.ts).
import { z } from 'zod';
import { idField, textField } from './fields.js';
import { MSG } from './messages.js';

/** The member-side file call: GET an image (anyone) or an attachment (a signed-in member, its notice published). */
export const NOTICE_FILE_API = {
  /** GET: the file's bytes. */
  file: '/api/ccw/files/{id}/',
} as const;

/** The URL a body's image and an attachment link point at. */
export const noticeFileUrl = (id: number): string => `/api/ccw/files/${id}/`;

/** A file of a notice: shown in its attachment list, or an image of its body. */
export const NOTICE_FILE_KINDS = ['attachment', 'image'] as const;
export type NoticeFileKind = (typeof NOTICE_FILE_KINDS)[number];

/** Which notices have files. */
export const NOTICE_TYPES = ['policy', 'news'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/** Default of UPLOAD_MAX_MB: the largest upload, in MB. */
export const UPLOAD_MAX_MB_DEFAULT = 10;

/** Longest body (characters of HTML as the editor writes it). */
export const NOTICE_CONTENT_MAX = 200_000;
/** Most attachments of one notice. */
export const NOTICE_ATTACHMENTS_MAX = 30;
/** Longest 文号 and 原文链接. */
export const DOC_NO_MAX = 100;
export const SOURCE_URL_MAX = 500;
/** Most companies of one 公示名单. */
export const PUBLICITY_ROWS_MAX = 5000;

/** An uploaded file as the console receives it after POST /api/admin/content/files/. */
export const noticeFileSchema = z.object({
  id: z.number(),
  /** The name it was uploaded under. */
  name: z.string(),
  mime: z.string(),
  /** Bytes. */
  size: z.number(),
  kind: z.enum(NOTICE_FILE_KINDS),
  /** `/api/ccw/files/{id}/`: what a body's <img src> or an attachment link holds. */
  url: z.string(),
});
export type NoticeFile = z.infer<typeof noticeFileSchema>;

/** An attachment as the member's detail lists it (in order). */
export const noticeAttachmentSchema = noticeFileSchema.pick({
  id: true,
  name: true,
  size: true,
  mime: true,
  url: true,
});
export type NoticeAttachment = z.infer<typeof noticeAttachmentSchema>;

/** The upload's query: `kind=image` for the editor's pictures (an image file), else an attachment. */
export const noticeFileUploadQuery = z.object({
  kind: z.enum(NOTICE_FILE_KINDS, { error: MSG.badRequest }).default('attachment'),
});

/** A body as the editor writes it (HTML); the server sanitizes it on save. */
export const richTextField = (max = NOTICE_CONTENT_MAX) =>
  textField(max, { tooLong: MSG.noticeContentTooLong, multiline: true });

/** True when HTML shows nothing: no text once its tags and entities of space are gone, and no picture. */
export const isBlankHtml = (html: string): boolean =>
  !/<img\b/i.test(html) &&
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/gi, '')
    .trim() === '';

/** POST sanitize: what would be saved of this body, and what the sanitizer removes from it. */
export const sanitizeBody = z.object({ content: richTextField() });
export type SanitizeBody = z.infer<typeof sanitizeBody>;
export const sanitizeAnswerSchema = z.object({
  /** The body as it will be saved. */
  content: z.string(),
  /** What was removed, in Chinese (`<script> 标签`, `onclick 属性`, ...), each once. */
  removed: z.array(z.string()),
});
export type SanitizeAnswer = z.infer<typeof sanitizeAnswerSchema>;

/** 文号: the issuing document's number (发改办〔2026〕12号), '' when none. */
export const docNoField = textField(DOC_NO_MAX, { tooLong: MSG.docNoTooLong }).trim();

/** 原文链接: an http(s) URL of the original, '' when none. */
export const sourceUrlField = textField(SOURCE_URL_MAX, { tooLong: MSG.sourceUrlInvalid })
  .trim()
  .refine((v) => v === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v), MSG.sourceUrlInvalid);

/** The attachments of a notice: ids of uploaded files, in the order they are listed. */
export const attachmentIdsField = z
  .array(idField(MSG.noticeFileInvalid), { error: MSG.noticeFileInvalid })
  .max(NOTICE_ATTACHMENTS_MAX, MSG.noticeAttachmentsTooMany)
  .transform((ids) => [...new Set(ids)]);

/** One company of a 公示名单 as staff enter it (pasted from Excel or read from an .xlsx). */
export const publicityRowInput = z.object({
  /** 企业名称. */
  companyname: textField(100, { error: MSG.publicityCompanyRequired, tooLong: MSG.publicityCompanyRequired })
    .trim()
    .min(1, MSG.publicityCompanyRequired),
  /** 统一社会信用代码 ('' when the list gives none). */
  identityid: textField(30, {
    error: MSG.publicityCreditCodeInvalid,
    tooLong: MSG.publicityCreditCodeInvalid,
  })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || /^[0-9A-Z]{18}$/.test(v), MSG.publicityCreditCodeInvalid)
    .default(''),
  /** 资质/类别. */
  qualification: textField(100).trim().default(''),
});
export type PublicityRowInput = z.input<typeof publicityRowInput>;

export const publicityRowsField = z
  .array(publicityRowInput, { error: MSG.badRequest })
  .max(PUBLICITY_ROWS_MAX, MSG.publicityTooMany);

/** One company of a 公示名单 as the member's detail pages it. */
export const publicityRowSchema = z.object({
  companyname: z.string(),
  /** 统一社会信用代码. */
  identityid: z.string(),
  /** 资质/类别. */
  qualification: z.string(),
  /** The member's customer this company is (by credit code, else by exact name), or null. */
  customer_id: z.number().nullable(),
});
export type PublicityRow = z.infer<typeof publicityRowSchema>;

/** A 公示名单 row as the console edits it. */
export type PublicityRowOut = Omit<PublicityRow, 'customer_id'>;
export const publicityRowOutSchema = publicityRowSchema.omit({ customer_id: true });
