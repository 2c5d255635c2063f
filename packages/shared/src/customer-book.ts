// The member's own customer book: the company registry (企业库) it searches, adding, importing and removing customers,
// its tags and follow-up notes (docs/decisions.md "The customer book").
import { z } from 'zod';
import { LEVEL } from './constants.js';
import { idList, textField } from './fields.js';
import { MSG } from './messages.js';

/** Paths of the customer-book calls (not in docs/requirements.md §7: the product's own). */
export const CUSTOMER_BOOK_API = {
  /** GET ?q=&page=&size= -> CompanySearchPage: the registry by part of a name or a credit code. */
  search: '/api/ccw/companies/search/',
  /** POST { company_ids } -> AddCustomersAnswer. */
  add: '/api/ccw/customers/',
  /** POST { ids } (customer ids) -> { removed }. */
  remove: '/api/ccw/customers/remove/',
  /** GET -> CustomerQuota: how many customers the member holds and may hold. */
  quota: '/api/ccw/customers/quota/',
  /** POST multipart (one .xlsx field `file`) -> ImportJob (answered at once, processed in the background). */
  importStart: '/api/ccw/customers/import/',
  /** GET -> ImportJob: its progress and, once done, the counts. */
  importJob: '/api/ccw/customers/import/{id}/',
  /** GET: the finished job's result .xlsx (each row: 已添加 / 已是客户 / 未找到 ... with the reason). */
  importResult: '/api/ccw/customers/import/{id}/result/',
  /** GET: the .xlsx template to fill in. */
  importTemplate: '/api/ccw/customers/import/template/',
  /** GET -> CustomerTag[]: the member's tags with how many customers carry each. */
  tags: '/api/ccw/customers/tags/',
  /** POST { tags } -> { tags }: replaces one customer's tags. */
  customerTags: '/api/ccw/customers/{id}/tags/',
  /** GET -> CustomerNote[] (newest first); POST { content, noted_on? } -> CustomerNote. */
  notes: '/api/ccw/customers/{id}/notes/',
  /** DELETE: one note. */
  note: '/api/ccw/customers/{id}/notes/{note_id}/',
} as const;

/** A path of CUSTOMER_BOOK_API with its `{name}` parts filled in. */
export function bookPath(path: string, params: Record<string, number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Search text: at least 2 characters (one character matches half the registry), at most 50. */
export const COMPANY_SEARCH_MIN = 2;
export const COMPANY_SEARCH_MAX = 50;
/** A search counts and lists at most this many matches (20 pages): a longer list asks for more of the name instead. */
export const COMPANY_SEARCH_CAP = 200;
/** Companies added by one call, customers removed by one call. */
export const CUSTOMER_BATCH_MAX = 100;
export const CUSTOMER_REMOVE_MAX = 500;
/** Rows of an import file (besides its header). */
export const IMPORT_ROWS_MAX = 5_000;
/** Bytes of an import file. */
export const IMPORT_FILE_MAX = 2 * 1024 * 1024;
/** Tags: per customer, per member, characters per tag. */
export const TAG_LIMITS = { perCustomer: 10, perMember: 50, length: 10 } as const;
/** A follow-up note's characters; notes kept per customer. */
export const NOTE_MAX = 500;
export const NOTES_PER_CUSTOMER_MAX = 200;

/**
 * How many customers a member may hold, by level (as data): a trial member a few to try the book with, each paid
 * level more. A member already holding more (customers added before) keeps them; adding stops at the limit.
 */
export const CUSTOMER_LIMITS: readonly { minLevel: number; limit: number }[] = [
  { minLevel: LEVEL.group, limit: 500_000 },
  { minLevel: LEVEL.supreme, limit: 200_000 },
  { minLevel: LEVEL.blackGold, limit: 100_000 },
  { minLevel: LEVEL.platinum, limit: 50_000 },
  { minLevel: LEVEL.gold, limit: 20_000 },
  { minLevel: LEVEL.vipProfessional, limit: 10_000 },
  { minLevel: LEVEL.vipAdvanced, limit: 5_000 },
  { minLevel: LEVEL.vipLocal, limit: 2_000 },
  { minLevel: 1, limit: 20 },
];

export function customerLimit(level: number): number {
  return CUSTOMER_LIMITS.find((row) => level >= row.minLevel)?.limit ?? 0;
}

/** Whether `q` reads as a unified social credit code (then matched exactly, not as part of a name). */
export const looksLikeCreditCode = (q: string): boolean => /^[0-9A-HJ-NPQRTUWXY]{18}$/i.test(q.trim());

/** A registry company as the search lists it. Capital in 万元. */
export const companySearchItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Unified social credit code (18 characters). */
  credit_code: z.string(),
  industry_name: z.string(),
  /** 城市 区县. */
  area_name: z.string(),
  reg_capital: z.number(),
  /** YYYY-MM-DD */
  reg_time: z.string(),
  is_hightech: z.boolean(),
  /** The member's customer of this company, or null when it is not one yet. */
  customer_id: z.number().nullable(),
});
export type CompanySearchItem = z.infer<typeof companySearchItemSchema>;

export const companySearchPageSchema = z.object({
  list: z.array(companySearchItemSchema),
  /** Matches, counted up to COMPANY_SEARCH_CAP. */
  total: z.number(),
  /** True when there are more matches than `total` counts (type more of the name). */
  capped: z.boolean(),
  page: z.number(),
  size: z.number(),
});
export type CompanySearchPage = z.infer<typeof companySearchPageSchema>;

export const customerQuotaSchema = z.object({
  /** Customers the member holds. */
  count: z.number(),
  /** Customers its level allows. */
  limit: z.number(),
});
export type CustomerQuota = z.infer<typeof customerQuotaSchema>;

export const addCustomersAnswerSchema = z.object({
  /** Companies added, each with its new customer id. */
  added: z.array(z.object({ company_id: z.number(), customer_id: z.number() })),
  /** Companies that were already the member's customers. */
  already: z.array(z.number()),
  /** Companies not added because the member reached its limit. */
  over_limit: z.array(z.number()),
  count: z.number(),
  limit: z.number(),
});
export type AddCustomersAnswer = z.infer<typeof addCustomersAnswerSchema>;

export const addCustomersBody = z.object({
  company_ids: idList(
    CUSTOMER_BATCH_MAX,
    MSG.registryCompanyInvalid,
    MSG.companyIdsRequired,
    MSG.companyIdsTooMany,
  ),
});
export type AddCustomersInput = z.input<typeof addCustomersBody>;

export const removeCustomersBody = z.object({
  ids: idList(CUSTOMER_REMOVE_MAX, MSG.customerInvalid, MSG.customerIdsRequired, MSG.customerIdsTooMany),
});
export type RemoveCustomersInput = z.input<typeof removeCustomersBody>;
export const removeCustomersAnswerSchema = z.object({ removed: z.number() });

/** One tag: 1..TAG_LIMITS.length characters, trimmed, no control characters. */
export const tagField = textField(TAG_LIMITS.length * 4, { error: MSG.tagInvalid, tooLong: MSG.tagTooLong })
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, MSG.tagInvalid)
  .refine((v) => [...v].length <= TAG_LIMITS.length, MSG.tagTooLong);

export const customerTagsBody = z.object({
  tags: z
    .array(tagField, { error: MSG.tagInvalid })
    .max(TAG_LIMITS.perCustomer, MSG.tagsTooMany)
    .transform((tags) => [...new Set(tags)]),
});
export type CustomerTagsInput = z.input<typeof customerTagsBody>;
export const customerTagsAnswerSchema = z.object({ tags: z.array(z.string()) });

export const customerTagSchema = z.object({ tag: z.string(), count: z.number() });
export type CustomerTag = z.infer<typeof customerTagSchema>;

export const customerNoteSchema = z.object({
  id: z.number(),
  content: z.string(),
  /** The day the follow-up happened, YYYY-MM-DD. */
  noted_on: z.string(),
  /** Who wrote it (the account's name). */
  author: z.string(),
  created_at: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const customerNoteBody = z.object({
  content: textField(NOTE_MAX * 4, { error: MSG.noteRequired, tooLong: MSG.noteTooLong, multiline: true })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, MSG.noteRequired)
    .refine((v) => [...v].length <= NOTE_MAX, MSG.noteTooLong),
  /** YYYY-MM-DD, not in the future; today when absent. */
  noted_on: textField(10, { error: MSG.noteDateInvalid, tooLong: MSG.noteDateInvalid })
    .refine((v) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const at = Date.parse(`${v}T00:00:00Z`);
      return Number.isFinite(at) && new Date(at).toISOString().startsWith(v);
    }, MSG.noteDateInvalid)
    .optional(),
});
export type CustomerNoteInput = z.input<typeof customerNoteBody>;

/** An import's standing: queued until a worker takes it, running, then done (or failed: the file could not be read). */
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What became of one row of an import file. */
export const IMPORT_OUTCOMES = {
  added: '已添加',
  already: '已是客户',
  repeated: '文件中重复',
  not_found: '未找到',
  ambiguous: '名称对应多家企业',
  over_limit: '超出客户数量上限',
  invalid: '内容有误',
} as const;
export type ImportOutcome = keyof typeof IMPORT_OUTCOMES;

export const importJobSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Rows of the file (its header left out). */
  total: z.number(),
  processed: z.number(),
  added: z.number(),
  /** Already a customer, or a repeated row. */
  duplicate: z.number(),
  not_found: z.number(),
  /** Ambiguous names, rows over the limit, unreadable rows. */
  failed: z.number(),
  /** Why the job failed (status failed), else ''. */
  error: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
