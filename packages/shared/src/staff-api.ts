// The console's API section: its calls (paths under STAFF_API_BASE), queries, bodies and answers. 停用 by staff
// (api_keys.suspended_at) is apart from a member's own 撤销 (revoked_at): the member cannot lift it, staff resume it.
import { z } from 'zod';
import { textField } from './fields.js';
import { MSG } from './messages.js';
import { consoleDateField } from './staff-members.js';

export const STAFF_API_KEYS_API = {
  /** GET ApiKeyQuery & paging -> Page<StaffApiKeyItem>, newest first. */
  list: '/api/admin/api-keys/',
  /** GET ApiKeyQuery -> .xlsx of every key of the filter. */
  export: '/api/admin/api-keys/export/',
  /** GET ApiKeyUsageQuery -> StaffApiKeyUsage: the key's calls per day. */
  usage: '/api/admin/api-keys/{id}/usage/',
  /** POST StaffReasonBody -> StaffApiKeyItem. */
  suspend: '/api/admin/api-keys/{id}/suspend/',
  /** POST StaffReasonBody -> StaffApiKeyItem. */
  resume: '/api/admin/api-keys/{id}/resume/',
} as const;

export const STAFF_API_KEY_STATUSES = [
  { key: 'active', name: '正常' },
  { key: 'suspended', name: '已停用' },
  { key: 'revoked', name: '已撤销' },
] as const;
export type StaffApiKeyStatus = (typeof STAFF_API_KEY_STATUSES)[number]['key'];
const statusKeys = STAFF_API_KEY_STATUSES.map((s) => s.key) as [StaffApiKeyStatus, ...StaffApiKeyStatus[]];

/** The longest period a usage table covers. */
export const STAFF_API_USAGE_DAYS_MAX = 92;

export const staffApiKeyQuery = z.object({
  /** The member's id, or part of its username. */
  member: textField(32).trim().optional(),
  status: z.enum(statusKeys, { error: MSG.badRequest }).optional(),
});
export type StaffApiKeyQuery = z.infer<typeof staffApiKeyQuery>;

export const staffApiKeyItemSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  company_name: z.string(),
  name: z.string(),
  /** The key's first characters (the key itself is never kept). */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Charged calls with this key in the current Shanghai month. */
  calls_month: z.number(),
  /** The member's API package: calls bought and used (every key of the member draws on it). */
  quota_total: z.number(),
  quota_used: z.number(),
  status: z.enum(statusKeys),
});
export type StaffApiKeyItem = z.infer<typeof staffApiKeyItemSchema>;

/** Shanghai dates, inclusive; default the last 30 days. */
export const staffApiKeyUsageQuery = z.object({
  from: consoleDateField.optional(),
  to: consoleDateField.optional(),
});
export type StaffApiKeyUsageQuery = z.infer<typeof staffApiKeyUsageQuery>;

export const staffApiKeyUsageSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the period, oldest first: all calls and the charged (successful) ones. */
  days: z.array(z.object({ date: z.string(), calls: z.number(), charged: z.number() })),
});
export type StaffApiKeyUsage = z.infer<typeof staffApiKeyUsageSchema>;
