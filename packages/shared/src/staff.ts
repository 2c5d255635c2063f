// The operator console (/admin/): staff accounts, their roles and permissions as data, the sign-in with a TOTP
// second factor, and the audit log every changing staff action writes. Staff are not members: their own table,
// sessions and cookie; no member token is accepted under /api/admin/.
import { z } from 'zod';
import { idField, textField } from './fields.js';
import { keysOf, namesOf } from './key-table.js';
import { MSG } from './messages.js';

/** Every staff call is under this prefix; no other call is. */
export const STAFF_API_BASE = '/api/admin/';

/** Paths of the console's calls (not in docs/requirements.md: the product's own). */
export const STAFF_API = {
  /** POST StaffLoginBody -> StaffSession, sets the staff cookie. */
  login: '/api/admin/auth/login/',
  /** POST -> null, ends the session and clears the cookie. */
  logout: '/api/admin/auth/logout/',
  /** GET -> StaffSession of the cookie's session (401 when none or idle too long). */
  me: '/api/admin/auth/me/',
  /** GET AuditQuery -> Page<AuditEntry>, newest first. */
  audit: '/api/admin/audit/',
} as const;

/** The staff session's cookie (httpOnly, SameSite=Strict, path /api/admin/). */
export const STAFF_COOKIE = 'UC-Staff';
/** A staff session ends after this many minutes without a call. */
export const STAFF_IDLE_MINUTES = 30;
/** TOTP: 6 digits, 30-second steps (RFC 6238, what authenticator apps read from an otpauth:// URL). */
export const STAFF_TOTP_DIGITS = 6;
/** The issuer an authenticator app shows beside the account. */
export const STAFF_TOTP_ISSUER = '会员中心运营后台';

/** What a staff member may do. A route names one; a role holds a set. */
export const STAFF_PERMISSIONS = [
  { key: 'overview.read', name: '查看概览' },
  { key: 'overview.export', name: '导出概览' },
  { key: 'orders.read', name: '查看订单' },
  { key: 'orders.export', name: '导出订单' },
  { key: 'orders.confirm_transfer', name: '确认对公转账' },
  { key: 'orders.refund', name: '退款' },
  { key: 'members.read', name: '查看会员' },
  { key: 'members.export', name: '导出会员' },
  { key: 'members.pii', name: '查看完整手机号与邮箱' },
  { key: 'members.write', name: '修改会员' },
  { key: 'content.read', name: '查看内容' },
  { key: 'content.export', name: '导出内容' },
  { key: 'content.write', name: '发布内容' },
  { key: 'cards.read', name: '查看卡券' },
  { key: 'cards.write', name: '管理卡券与优惠券' },
  { key: 'cards.export', name: '导出卡券与卡密' },
  { key: 'invoices.read', name: '查看发票' },
  { key: 'invoices.export', name: '导出发票' },
  { key: 'invoices.write', name: '开具与驳回发票' },
  { key: 'api.read', name: '查看API' },
  { key: 'api.export', name: '导出API密钥' },
  { key: 'api.write', name: '停用API密钥' },
  { key: 'tickets.read', name: '查看工单' },
  { key: 'tickets.write', name: '回复工单' },
  { key: 'help.write', name: '编辑帮助文章' },
  { key: 'audit.read', name: '查看操作日志' },
  { key: 'audit.export', name: '导出操作日志' },
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number]['key'];
export const STAFF_PERMISSION_KEYS = keysOf(STAFF_PERMISSIONS);

/**
 * Permissions no route needs: what a route shows its caller. `members.pii`: mobile numbers, emails and contact names
 * in clear in the console's lists, details and exports; without it they are masked (maskMobile, maskEmail, maskName).
 */
export const STAFF_VIEW_PERMISSIONS: readonly StaffPermission[] = ['members.pii'];

/** The roles, with their Chinese names and what each may do (exports and personal data: docs/decisions.md). */
export const STAFF_ROLES = [
  { key: 'admin', name: '管理员', permissions: STAFF_PERMISSION_KEYS },
  {
    key: 'ops',
    name: '运营',
    permissions: [
      'overview.read',
      'overview.export',
      'orders.read',
      'members.read',
      'members.export',
      'members.write',
      'content.read',
      'content.export',
      'content.write',
      'cards.read',
      'cards.write',
      'api.read',
      'tickets.read',
      'help.write',
    ],
  },
  {
    key: 'finance',
    name: '财务',
    permissions: [
      'overview.read',
      'overview.export',
      'orders.read',
      'orders.export',
      'orders.confirm_transfer',
      'orders.refund',
      'members.read',
      'cards.read',
      'cards.export',
      'invoices.read',
      'invoices.export',
      'invoices.write',
      'api.read',
    ],
  },
  {
    key: 'service',
    name: '客服',
    permissions: [
      'orders.read',
      'members.read',
      'content.read',
      'invoices.read',
      'api.read',
      'tickets.read',
      'tickets.write',
      'help.write',
    ],
  },
] as const satisfies readonly { key: string; name: string; permissions: readonly StaffPermission[] }[];
export type StaffRole = (typeof STAFF_ROLES)[number]['key'];
export const STAFF_ROLE_KEYS = keysOf(STAFF_ROLES);
export const STAFF_ROLE_NAME = namesOf(STAFF_ROLES);

/** 13800138000 -> 138****8000: the first three and last four digits; shorter numbers keep only their last two. */
export function maskMobile(mobile: string): string;
export function maskMobile(mobile: string | null): string | null;
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return mobile;
  const chars = [...mobile];
  if (chars.length >= 8) return `${chars.slice(0, 3).join('')}****${chars.slice(-4).join('')}`;
  return `${'*'.repeat(Math.max(chars.length - 2, 1))}${chars.slice(-2).join('')}`;
}

/** alice@example.com -> a***@example.com: the first character of the local part, the domain kept. */
export function maskEmail(email: string): string {
  if (!email) return email;
  const at = email.lastIndexOf('@');
  if (at <= 0) return `${[...email][0] ?? ''}***`;
  return `${[...email.slice(0, at)][0]}***${email.slice(at)}`;
}

/** 张三丰 -> 张**: a person's name, its first character kept. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length === 0 ? name : `${chars[0]}${'*'.repeat(Math.max(chars.length - 1, 1))}`;
}

/** The permissions of a role. */
export function permissionsOf(role: StaffRole): readonly StaffPermission[] {
  return STAFF_ROLES.find((r) => r.key === role)?.permissions ?? [];
}

export const staffLoginBody = z.object({
  username: textField(32, { error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired),
  password: textField(64, { error: MSG.passwordRequired }).min(1, MSG.passwordRequired),
  totp: z
    .string({ error: MSG.staffTotpInvalid })
    .trim()
    .regex(new RegExp(`^\\d{${STAFF_TOTP_DIGITS}}$`), MSG.staffTotpInvalid),
});
export type StaffLoginBody = z.infer<typeof staffLoginBody>;

export const staffSessionSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(STAFF_ROLE_KEYS),
  permissions: z.array(z.enum(STAFF_PERMISSION_KEYS)),
  /** When the session ends without a further call (ISO time). */
  idle_until: z.string(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** A required reason of a changing staff action (members, refunds, voids). */
export const reasonField = textField(200, { error: MSG.reasonRequired, tooLong: MSG.reasonTooLong })
  .trim()
  .min(1, MSG.reasonRequired);

/**
 * Every action an audit row can name, with its Chinese name (操作日志 shows the name, filters by the key). The audit
 * writer takes only these keys, so a new action cannot be written without being named here.
 */
export const STAFF_ACTIONS = {
  'auth.login': '登录',
  'auth.logout': '退出登录',
  'cli.staff_create': '创建员工（命令行）',
  'cli.staff_disable': '停用员工（命令行）',
  'cli.staff_reset_totp': '重置动态码（命令行）',
  'orders.confirm_transfer': '确认转账',
  'orders.refund': '退款',
  'members.set_plan': '修改套餐',
  'members.disable': '停用会员',
  'members.enable': '启用会员',
  'members.logout': '强制下线',
  'members.reset_password': '重置密码',
  'content.publish': '发布政策',
  'content.update': '编辑政策',
  'content.withdraw': '撤回政策',
  'content.news_create': '发布新闻',
  'content.news_update': '编辑新闻',
  'content.news_withdraw': '撤回新闻',
  'cards.create_batch': '新建卡券批次',
  'cards.export_secrets': '导出卡密',
  'cards.export_batches': '导出卡券批次',
  'coupons.export_templates': '导出优惠券模板',
  'cards.void_batch': '作废卡券批次',
  'coupons.create_template': '新建优惠券模板',
  'coupons.update_template': '编辑优惠券模板',
  'coupons.disable_template': '停用优惠券模板',
  'coupons.issue': '发放优惠券',
  'invoices.issue': '开具发票',
  'invoices.reject': '驳回发票',
  'invoices.reverse': '红冲发票',
  'api.suspend_key': '停用API密钥',
  'api.resume_key': '恢复API密钥',
  'overview.export': '导出概览',
  'orders.export': '导出订单',
  'orders.export_double_paid': '导出重复支付订单',
  'members.export': '导出会员',
  'members.export_notices': '导出会员通知',
  'content.export': '导出内容',
  'content.news_export': '导出新闻',
  'invoices.export': '导出发票申请',
  'api.export': '导出API密钥',
  'audit.export': '导出操作日志',
  'cli.staff_rotate_totp_key': '更换动态码密钥（命令行）',
  'tickets.reply': '回复工单',
  'tickets.close': '关闭工单',
  'help.create': '新建帮助文章',
  'help.update': '编辑帮助文章',
  'help.delete': '删除帮助文章',
} as const;
export type StaffAction = keyof typeof STAFF_ACTIONS;

/** The Chinese name of an audit row's action; the key itself for one this build does not know (an older row). */
export function staffActionName(action: string): string {
  return (STAFF_ACTIONS as Record<string, string>)[action] ?? action;
}

/** One audit row: who did what to which target, when, from where, the state before and after, and why. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  staff_id: z.number(),
  staff_username: z.string(),
  ip: z.string(),
  /** A dotted action name, e.g. `orders.refund`, `members.set_plan`, `auth.login`. */
  action: z.string(),
  /** What was acted on, e.g. `order`, `member`, `card_batch`. */
  target_type: z.string(),
  target_id: z.string(),
  /** JSON text of the state before and after (null when none). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.object({
  staff_id: idField().optional(),
  action: textField(64).optional(),
  target_type: textField(32).optional(),
  target_id: textField(64).optional(),
  /** Shanghai dates YYYY-MM-DD, inclusive. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.badRequest)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.badRequest)
    .optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** The audit log's .xlsx export: GET with the filter of `auditQuery` (no paging), newest first. */
export const STAFF_AUDIT_EXPORT = '/api/admin/audit/export/';
