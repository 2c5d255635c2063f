// 帮助中心: articles staff write in the console (sanitized HTML), grouped by topic and searched by any fragment of their
// title or text; open to visitors, so a member can read them before signing in (docs/decisions.md "help centre").
import { z } from 'zod';
import { idField, textField } from './fields.js';
import { keysOf, namesOf } from './key-table.js';
import { MSG } from './messages.js';

/** Paths of the help centre's calls (not in docs/requirements.md §7: the product's own). */
export const HELP_API = {
  /** GET HelpArticleQuery -> HelpArticleItem[] (published, by topic then sort); no sign-in needed. */
  articles: '/api/ccw/help/articles/',
  /** GET -> HelpArticle (published only; 404 otherwise); no sign-in needed. */
  article: '/api/ccw/help/articles/{id}/',
} as const;

/** The topics, in the order the page shows them. */
export const HELP_TOPICS = [
  { key: 'account', name: '账号与登录' },
  { key: 'payment', name: '会员与支付' },
  { key: 'invoice', name: '发票' },
  { key: 'api', name: 'API' },
  { key: 'customers', name: '客户管理' },
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number]['key'];
export const HELP_TOPIC_KEYS = keysOf(HELP_TOPICS);
export const HELP_TOPIC_NAME = namesOf(HELP_TOPICS);

/** Shortest and longest search text (a shorter fragment would match nearly everything). */
export const HELP_QUERY_MIN = 2;
export const HELP_QUERY_MAX = 50;
/** Characters of an article's text shown in the list. */
export const HELP_EXCERPT_CHARS = 80;

/** The list's filter: `q` any 2+ character fragment of the title or text, `topic` one topic. */
export const helpArticleQuery = z.object({
  q: textField(HELP_QUERY_MAX, { error: MSG.helpQueryInvalid, tooLong: MSG.helpQueryInvalid })
    .trim()
    .refine((v) => v.length === 0 || [...v].length >= HELP_QUERY_MIN, MSG.helpQueryInvalid)
    .optional(),
  topic: z.enum(HELP_TOPIC_KEYS, { error: MSG.helpTopicInvalid }).optional(),
});
export type HelpArticleQuery = z.input<typeof helpArticleQuery>;

export const helpArticleItemSchema = z.object({
  id: z.number(),
  topic: z.enum(HELP_TOPIC_KEYS),
  title: z.string(),
  /** The start of the article's plain text (or, with `q`, the text around the first match). */
  excerpt: z.string(),
  /** ISO time. */
  updated_at: z.string(),
});
export type HelpArticleItem = z.infer<typeof helpArticleItemSchema>;

export const helpArticleSchema = z.object({
  id: z.number(),
  topic: z.enum(HELP_TOPIC_KEYS),
  title: z.string(),
  /** Sanitized HTML (safe to render as it is). */
  content: z.string(),
  updated_at: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

// ------------------------------------------------------------------------------------------------------- console

/** The console's 帮助文章 section (permission help.write). */
export const STAFF_HELP_API = {
  /** GET StaffHelpQuery + paging -> Page<StaffHelpArticleItem>, by topic then sort; POST HelpArticleBody -> StaffHelpArticle. */
  list: '/api/admin/help/articles/',
  /** GET -> StaffHelpArticle; PUT HelpArticleBody -> StaffHelpArticle. */
  item: '/api/admin/help/articles/{id}/',
  /** POST StaffReasonBody ({ reason }) -> null: the article is deleted. */
  delete: '/api/admin/help/articles/{id}/delete/',
} as const;

export const HELP_TITLE_MAX = 100;
/** Longest article HTML (characters, before sanitizing). */
export const HELP_CONTENT_MAX = 100_000;
export const HELP_SORT_MAX = 9999;

/** An article to create or save; `content` is HTML, sanitized on save (what was removed is answered). */
export const helpArticleBody = z.object({
  topic: z.enum(HELP_TOPIC_KEYS, { error: MSG.helpTopicInvalid }),
  title: textField(HELP_TITLE_MAX, { error: MSG.helpTitleRequired, tooLong: MSG.helpTitleRequired })
    .trim()
    .min(1, MSG.helpTitleRequired),
  content: textField(HELP_CONTENT_MAX, {
    error: MSG.helpContentRequired,
    tooLong: MSG.helpContentTooLong,
    multiline: true,
  }),
  /** Members see it (default true). */
  published: z.boolean({ error: MSG.badRequest }).optional().default(true),
  /** Smaller first within its topic (default 0). */
  sort: z
    .number({ error: MSG.helpSortInvalid })
    .int(MSG.helpSortInvalid)
    .min(0, MSG.helpSortInvalid)
    .max(HELP_SORT_MAX, MSG.helpSortInvalid)
    .optional()
    .default(0),
});
export type HelpArticleBody = z.input<typeof helpArticleBody>;
export type HelpArticleInput = z.output<typeof helpArticleBody>;

export const staffHelpQuery = z.object({
  topic: z.enum(HELP_TOPIC_KEYS, { error: MSG.helpTopicInvalid }).optional(),
  /** A fragment of the title. */
  title: textField(HELP_TITLE_MAX).trim().optional(),
  published: z.enum(['true', 'false'], { error: MSG.badRequest }).optional(),
});
export type StaffHelpQuery = z.infer<typeof staffHelpQuery>;

export const staffHelpArticleItemSchema = z.object({
  id: z.number(),
  topic: z.enum(HELP_TOPIC_KEYS),
  title: z.string(),
  published: z.boolean(),
  sort: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffHelpArticleItem = z.infer<typeof staffHelpArticleItemSchema>;

export const staffHelpArticleSchema = staffHelpArticleItemSchema.extend({
  /** The sanitized HTML as stored. */
  content: z.string(),
  /** What the sanitizer removed from the HTML of this save (tags, attributes, URLs), empty when nothing; [] on GET. */
  removed: z.array(z.string()),
});
export type StaffHelpArticle = z.infer<typeof staffHelpArticleSchema>;

/** The path of an article's id (both sides). */
export const helpArticleIdParams = z.object({ id: idField(MSG.helpArticleNotFound) });
