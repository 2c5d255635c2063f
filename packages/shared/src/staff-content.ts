// The console's 内容 section: its calls (paths under STAFF_API_BASE), queries, bodies and answers. One item body
// serves the console's form and `npm run content -- publish` (the CLI parses its arguments with the same schema), so
// both refuse the same items with the same Chinese messages.
import { z } from 'zod';
import { textField } from './fields.js';
import { INDUSTRIES } from './industries.js';
import { MSG } from './messages.js';
import { POLICY_CATEGORY_KEYS } from './policy.js';
import { cityByCode, cityOfArea } from './regions.js';
import { reasonField } from './staff.js';

export const STAFF_CONTENT_API = {
  /** GET ContentQuery + paging -> Page<ContentItem>, newest publish time first; POST ContentItemBody -> ContentItem. */
  list: '/api/admin/content/',
  /** GET ContentQuery -> .xlsx of the list. */
  export: '/api/admin/content/export/',
  /** PUT ContentItemBody -> ContentItem (a published item: only title, dept and end_at change). */
  item: '/api/admin/content/{id}/',
  /** POST ContentWithdrawBody -> ContentItem: members no longer see it. */
  withdraw: '/api/admin/content/{id}/withdraw/',
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
  })
  .superRefine((v, ctx) => {
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
});
export type ContentItem = z.infer<typeof contentItemSchema>;

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

/** Longest source (来源) and body (正文, characters) of an article. */
export const NEWS_SOURCE_MAX = 100;
export const NEWS_CONTENT_MAX = 20_000;

/** 正文: plain-text paragraphs, one a line; newlines are the only control characters it takes (CR LF reads as LF). */
const newsContentField = textField(NEWS_CONTENT_MAX, {
  error: MSG.newsContentRequired,
  tooLong: MSG.newsContentRequired,
  multiline: true,
})
  .refine((v) => !v.includes('\t'), MSG.newsContentInvalid)
  .transform((v) =>
    v
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      .trim(),
  )
  .refine((v) => v.length > 0, MSG.newsContentRequired);

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
  /** Paragraphs separated by newlines. */
  content: z.string(),
  /** ISO; of a withdrawn article, the time it had. */
  publish_at: z.string(),
  state: z.enum(CONTENT_STATE_KEYS),
  withdrawn_at: z.string().nullable(),
  withdraw_reason: z.string().nullable(),
});
export type StaffNewsArticle = z.infer<typeof staffNewsArticleSchema>;

/** The paragraphs an article shows (the member's /news/detail and the console's 预览 split it alike). */
export const newsParagraphs = (content: string): string[] =>
  content
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
