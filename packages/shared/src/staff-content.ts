// The console's 内容 section: its calls (paths under STAFF_API_BASE), queries, bodies and answers. One item body
// serves the console's form and `npm run content -- publish` (the CLI parses its arguments with the same schema), so
// both refuse the same items with the same Chinese messages.
import { z } from 'zod';
import { textField } from './fields.js';
import { INDUSTRIES } from './industries.js';
import { MSG } from './messages.js';
import {
  attachmentIdsField,
  docNoField,
  isBlankHtml,
  NOTICE_CONTENT_MAX,
  noticeFileSchema,
  publicityRowOutSchema,
  publicityRowsField,
  richTextField,
  sourceUrlField,
} from './notice-content.js';
import { POLICY_CATEGORY_KEYS } from './policy.js';
import { cityByCode, cityOfArea } from './regions.js';
import { reasonField } from './staff.js';

export const STAFF_CONTENT_API = {
  /** GET ContentQuery + paging -> Page<ContentItem>, newest publish time first; POST ContentItemBody -> ContentItemDetail. */
  list: '/api/admin/content/',
  /** GET ContentQuery -> .xlsx of the list. */
  export: '/api/admin/content/export/',
  /**
   * GET -> ContentItemDetail; PUT ContentItemBody -> ContentItemDetail (a published item: its region, industry, type
   * and publish time stay; title, dept, end_at and the content change).
   */
  item: '/api/admin/content/{id}/',
  /** POST ContentWithdrawBody -> ContentItem: members no longer see it. */
  withdraw: '/api/admin/content/{id}/withdraw/',
  /** POST multipart (one file; query kind=attachment|image) -> NoticeFile: a file for a body or an attachment list. */
  files: '/api/admin/content/files/',
  /** GET: an uploaded file's bytes (the console's preview of an attachment). */
  file: '/api/admin/content/files/{id}/',
  /** POST SanitizeBody -> SanitizeAnswer: the body as it would be saved and what the sanitizer removes. */
  sanitize: '/api/admin/content/sanitize/',
} as const;

/** Where an item stands: 待发布 (publish time ahead), 已发布, 已撤回. */
export const CONTENT_STATES = [
  { key: 'scheduled', name: '待发布' },
  { key: 'published', name: '已发布' },
  { key: 'withdrawn', name: '已撤回' },
] as const;
export type ContentState = (typeof CONTENT_STATES)[number]['key'];
const CONTENT_STATE_KEYS = CONTENT_STATES.map((s) => s.key) as [ContentState, ...ContentState[]];

/** Longest title or department (as the CLI has always taken). */
export const CONTENT_TEXT_MAX = 200;

const requiredText = (message: string) =>
  textField(CONTENT_TEXT_MAX, { error: message, tooLong: message }).trim().min(1, message);

/** An ISO-8601 time (what `Date.parse` reads); absent or null: none. */
const timeField = textField(40, { error: MSG.contentTimeInvalid, tooLong: MSG.contentTimeInvalid })
  .refine((v) => !Number.isNaN(Date.parse(v)), MSG.contentTimeInvalid)
  .transform((v) => new Date(Date.parse(v)).toISOString())
  .nullish();

const codeOf = (message: string, known: (code: string) => boolean) =>
  textField(12, { error: message, tooLong: message }).refine(known, message).nullish();

/** A district code (not a city's own code). */
const isDistrict = (code: string) => {
  const city = cityOfArea(code);
  return city !== undefined && city.citycode !== code;
};

/** A policy item to publish (the CLI's --type, --title, --dept, --city, --area, --industry, --at, --end). */
export const contentItemBody = z
  .object({
    type: z.enum(POLICY_CATEGORY_KEYS, { error: MSG.contentTypeInvalid }),
    title: requiredText(MSG.contentTitleRequired),
    dept: requiredText(MSG.contentDeptRequired),
    /** City code of regions.ts; none: province-wide (a district implies its city). */
    city: codeOf(MSG.cityInvalid, (c) => cityByCode(c) !== undefined),
    /** District code; none: the whole city. */
    area: codeOf(MSG.areaInvalid, isDistrict),
    /** GB/T 4754 section letter; none: every industry. */
    industry: codeOf(MSG.industryInvalid, (c) => INDUSTRIES.some((i) => i.code === c)),
    /** Publish time (ISO); none: now. A later time schedules it. */
    publish_at: timeField,
    /** Declaration deadline (ISO), for 申报通知. */
    end_at: timeField,
    /** 正文: HTML as the editor writes it; sanitized on save. Absent: '' (a new item) or unchanged (an edit). */
    content: richTextField(NOTICE_CONTENT_MAX).optional(),
    /** Ids of uploaded files, in the order listed. Absent: none (new) or unchanged (edit). */
    attachments: attachmentIdsField.optional(),
    /** 文号. */
    doc_no: docNoField.optional(),
    /** 原文链接 (http/https). */
    source_url: sourceUrlField.optional(),
    /** 公示名单 of a 公示公告 (type gsgg only). Absent: none (new) or unchanged (edit). */
    publicity: publicityRowsField.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.publicity && v.publicity.length > 0 && v.type !== 'gsgg')
      ctx.addIssue({ code: 'custom', path: ['publicity'], message: MSG.publicityOnlyGsgg });
    if (v.area && v.city && cityOfArea(v.area)?.citycode !== v.city)
      ctx.addIssue({ code: 'custom', path: ['area'], message: MSG.contentAreaNotInCity });
    if (v.end_at && v.publish_at && v.end_at < v.publish_at)
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: MSG.contentEndBeforePublish });
  });
export type ContentItemBody = z.input<typeof contentItemBody>;
export type ContentItemInput = z.output<typeof contentItemBody>;

export const contentWithdrawBody = z.object({ reason: reasonField });
export type ContentWithdrawBody = z.infer<typeof contentWithdrawBody>;

const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.badRequest)
  .optional();

/** The list's filter; dates (Shanghai, inclusive) are on the publish time. */
export const contentQuery = z.object({
  type: z.enum(POLICY_CATEGORY_KEYS, { error: MSG.contentTypeInvalid }).optional(),
  title: textField(CONTENT_TEXT_MAX).optional(),
  state: z.enum(CONTENT_STATE_KEYS, { error: MSG.badRequest }).optional(),
  from: dateText,
  to: dateText,
});
export type ContentQuery = z.infer<typeof contentQuery>;

/** One policy item as the console lists it. */
export const contentItemSchema = z.object({
  id: z.number(),
  type: z.enum(POLICY_CATEGORY_KEYS),
  title: z.string(),
  dept: z.string(),
  city: z.string().nullable(),
  area: z.string().nullable(),
  industry: z.string().nullable(),
  /** ISO; of a withdrawn item, the time it had. */
  publish_at: z.string(),
  end_at: z.string().nullable(),
  state: z.enum(CONTENT_STATE_KEYS),
  /** Members it was pushed to (null: not pushed yet). */
  matched: z.number().nullable(),
  withdrawn_at: z.string().nullable(),
  withdraw_reason: z.string().nullable(),
  /** 文号, '' when none. */
  doc_no: z.string(),
  /** 原文链接, '' when none. */
  source_url: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

/** One policy item as the console edits it (GET item, and the answer of POST and PUT): the list's row and its content. */
export const contentItemDetailSchema = contentItemSchema.extend({
  /** 正文 (sanitized HTML), '' when none. */
  content: z.string(),
  /** The attachments in order. */
  attachments: z.array(noticeFileSchema),
  /** 公示名单 of a 公示公告 (empty for the other types). */
  publicity: z.array(publicityRowOutSchema),
});
export type ContentItemDetail = z.infer<typeof contentItemDetailSchema>;

// ------------------------------------------------------------------------------------------------------- news

/** The 新闻 tab: operator-written articles of the members' 最新发布 (paths beside the policy items'). */
export const STAFF_NEWS_API = {
  /** GET NewsQuery + paging -> Page<StaffNewsArticle>, newest publish time first; POST NewsArticleBody -> StaffNewsArticle. */
  list: '/api/admin/content/news/',
  /** GET NewsQuery -> .xlsx of the list. */
  export: '/api/admin/content/news/export/',
  /** PUT NewsArticleBody -> StaffNewsArticle (a published article keeps its publish time). */
  item: '/api/admin/content/news/{id}/',
  /** POST ContentWithdrawBody -> StaffNewsArticle: members no longer see it. */
  withdraw: '/api/admin/content/news/{id}/withdraw/',
} as const;

/** Longest source (来源) and body (正文, characters of HTML) of an article. */
export const NEWS_SOURCE_MAX = 100;
export const NEWS_CONTENT_MAX = NOTICE_CONTENT_MAX;

/** 正文: HTML as the editor writes it (sanitized on save); a body with neither text nor picture is missing. */
const newsContentField = richTextField(NEWS_CONTENT_MAX).refine(
  (v) => !isBlankHtml(v),
  MSG.newsContentRequired,
);

/** An article to publish (now or at a later time) or to save. */
export const newsArticleBody = z.object({
  title: requiredText(MSG.contentTitleRequired),
  source: textField(NEWS_SOURCE_MAX, { error: MSG.newsSourceRequired, tooLong: MSG.newsSourceRequired })
    .trim()
    .min(1, MSG.newsSourceRequired),
  content: newsContentField,
  /** Publish time (ISO); none: now. A later time schedules it. */
  publish_at: timeField,
});
export type NewsArticleBody = z.input<typeof newsArticleBody>;
export type NewsArticleInput = z.output<typeof newsArticleBody>;

/** The news list's filter: the policy items' without the type. */
export const newsQuery = contentQuery.omit({ type: true });
export type NewsQuery = z.infer<typeof newsQuery>;

/** One article as the console lists it. */
export const staffNewsArticleSchema = z.object({
  id: z.number(),
  /** The public id of /news/detail?guid=. */
  guid: z.string(),
  title: z.string(),
  source: z.string(),
  /** 正文: sanitized HTML. */
  content: z.string(),
  /** ISO; of a withdrawn article, the time it had. */
  publish_at: z.string(),
  state: z.enum(CONTENT_STATE_KEYS),
  withdrawn_at: z.string().nullable(),
  withdraw_reason: z.string().nullable(),
});
export type StaffNewsArticle = z.infer<typeof staffNewsArticleSchema>;
