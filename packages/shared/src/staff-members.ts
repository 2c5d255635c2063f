// The console's 会员 section: its calls (paths under STAFF_API_BASE), queries, bodies and answers. A member here is
// any account (main or sub-account); 停用 is staff's own hold (users.staff_disabled_at), apart from a main account
// disabling its sub-accounts, so neither side lifts the other's.
import { z } from 'zod';
import { LEVEL } from './constants.js';
import { idField, textField } from './fields.js';
import { MSG } from './messages.js';
import { reasonField } from './staff.js';

export const STAFF_MEMBERS_API = {
  /** GET MemberQuery & paging -> Page<StaffMemberItem>, newest first. */
  list: '/api/admin/members/',
  /** GET MemberQuery -> .xlsx of every member of the filter. */
  export: '/api/admin/members/export/',
  /** GET -> StaffPlanOption[]: the plans 修改套餐 may set. */
  plans: '/api/admin/members/plans/',
  /** GET -> StaffMemberDetail. */
  detail: '/api/admin/members/{id}/',
  /** POST SetMemberPlanBody -> StaffMemberItem. */
  plan: '/api/admin/members/{id}/plan/',
  /** POST ReasonBody -> StaffMemberItem: login refused, live sessions ended. */
  disable: '/api/admin/members/{id}/disable/',
  /** POST ReasonBody -> StaffMemberItem. */
  enable: '/api/admin/members/{id}/enable/',
  /** POST ReasonBody -> { ended }: every live session of the member ends. */
  logout: '/api/admin/members/{id}/logout/',
  /** POST ReasonBody -> { password }: a temporary password, shown to the operator this once; sessions end. */
  password: '/api/admin/members/{id}/password/',
} as const;

/** A console path with its `{id}` filled in (the 会员 and API sections' calls). */
export const staffIdPath = (template: string, id: number): string => template.replace('{id}', String(id));

export const STAFF_MEMBER_STATUSES = [
  { key: 'normal', name: '正常' },
  { key: 'disabled', name: '停用' },
] as const;
export type StaffMemberStatus = (typeof STAFF_MEMBER_STATUSES)[number]['key'];
const statusKeys = STAFF_MEMBER_STATUSES.map((s) => s.key) as [StaffMemberStatus, ...StaffMemberStatus[]];

/** The levels an operator may set: 游客 and 体验 below, then the named paid levels (docs/requirements.md §4). */
export const STAFF_MEMBER_LEVELS: readonly number[] = [
  LEVEL.visitor,
  LEVEL.trialMax,
  LEVEL.vipLocal,
  LEVEL.vipAdvanced,
  LEVEL.vipProfessional,
  LEVEL.gold,
  LEVEL.platinum,
  LEVEL.blackGold,
  LEVEL.supreme,
  LEVEL.group,
];

/** A Shanghai date YYYY-MM-DD of a console filter or body (the API section's usage period too). */
export const consoleDateField = z
  .string({ error: MSG.consoleDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.consoleDateInvalid)
  .refine((d) => !Number.isNaN(Date.parse(d)), MSG.consoleDateInvalid);

const levelField = z.coerce
  .number({ error: MSG.memberLevelInvalid })
  .refine((n) => STAFF_MEMBER_LEVELS.includes(n), MSG.memberLevelInvalid);

export const staffMemberQuery = z.object({
  /** Part of the username. */
  username: textField(32).trim().optional(),
  /** Part of the mobile. */
  mobile: textField(20).trim().optional(),
  /** Part of the company name. */
  company: textField(60).trim().optional(),
  level: levelField.optional(),
  status: z.enum(statusKeys, { error: MSG.badRequest }).optional(),
  /** Registered between these Shanghai dates, inclusive. */
  from: consoleDateField.optional(),
  to: consoleDateField.optional(),
});
export type StaffMemberQuery = z.infer<typeof staffMemberQuery>;

export const staffMemberItemSchema = z.object({
  id: z.number(),
  username: z.string(),
  company_name: z.string(),
  mobile: z.string().nullable(),
  /** The account's own level (a sub-account's rights follow its main account's). */
  level: z.number(),
  level_name: z.string(),
  gid: z.number().nullable(),
  /** The plan's name, '' for none. */
  plan_name: z.string(),
  /** ISO time the plan ends, null for none. */
  expired_at: z.string().nullable(),
  is_sub: z.boolean(),
  /** The main account's username of a sub-account, else null. */
  parent_username: z.string().nullable(),
  status: z.enum(statusKeys),
  /** false: disabled by its main account (a sub-account), apart from staff's status. */
  enabled_by_main: z.boolean(),
  /** A sub-account whose main account staff hold: held with its team, whatever its own status. */
  held_with_main: z.boolean(),
  created_at: z.string(),
});
export type StaffMemberItem = z.infer<typeof staffMemberItemSchema>;

export const staffMemberDetailSchema = z.object({
  member: staffMemberItemSchema.extend({
    email: z.string(),
    contact_name: z.string(),
    area: z.string(),
    site: z.string(),
    password_changed_at: z.string().nullable(),
    staff_disabled_at: z.string().nullable(),
  }),
  /** The latest orders, newest first. */
  orders: z.array(
    z.object({
      out_trade_no: z.string(),
      name: z.string(),
      /** Yuan. */
      price: z.number(),
      status: z.string(),
      created_at: z.string(),
      paid_at: z.string().nullable(),
    }),
  ),
  sub_accounts: z.array(
    z.object({
      id: z.number(),
      username: z.string(),
      contact_name: z.string(),
      mobile: z.string().nullable(),
      enabled: z.boolean(),
      created_at: z.string(),
    }),
  ),
  /** The latest login attempts, newest first. */
  logins: z.array(
    z.object({
      at: z.string(),
      method: z.string(),
      success: z.boolean(),
      ip: z.string(),
      user_agent: z.string(),
    }),
  ),
  /** The latest messages of its 消息中心, newest first. */
  messages: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      title: z.string(),
      read: z.boolean(),
      created_at: z.string(),
    }),
  ),
});
export type StaffMemberDetail = z.infer<typeof staffMemberDetailSchema>;

export const staffPlanOptionSchema = z.object({ gid: z.number(), name: z.string(), level: z.number() });
export type StaffPlanOption = z.infer<typeof staffPlanOptionSchema>;

export const staffReasonBody = z.object({ reason: reasonField });
export type StaffReasonBody = z.infer<typeof staffReasonBody>;

export const setMemberPlanBody = z.object({
  /** A plan of STAFF_MEMBERS_API.plans (its level must be `level`), or null for none. */
  gid: idField(MSG.memberPlanInvalid).nullable(),
  level: levelField,
  /** The Shanghai date the plan ends (that day included), null for none; a paid level needs one. */
  expired_on: consoleDateField.nullable(),
  reason: reasonField,
});
export type SetMemberPlanBody = z.infer<typeof setMemberPlanBody>;

export const memberLogoutSchema = z.object({ ended: z.number() });
export const memberPasswordSchema = z.object({ password: z.string() });
export type MemberPasswordData = z.infer<typeof memberPasswordSchema>;
