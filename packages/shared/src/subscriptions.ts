// The member's policy subscriptions (docs/requirements.md §7 subscribe calls), the tabs of 我的订阅 and the push settings.
import { z } from 'zod';
import { textField } from './fields.js';
import { INDUSTRIES } from './industries.js';
import { keysOf } from './key-table.js';
import { MSG } from './messages.js';
import { cityOfArea, PROVINCE_REGION } from './regions.js';

/** One subscription of the member. */
export const subscriptionItemSchema = z.object({
  id: z.number(),
  title: z.string(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;

// --- 我的订阅 (/usercenter/sub/list) and 推送设置 (/usercenter/sub/settings) ---

/** The tabs of 我的订阅, by their `activeName` (docs/requirements.md §2), in the order the page shows them. */
export const SUB_TABS = [
  { key: 'tjxm', name: '推荐项目' },
  { key: 'wdgs', name: '我的公示' },
  { key: 'dyxm', name: '订阅项目' },
  { key: 'sbtz', name: '申报通知' },
  { key: 'gsgg', name: '公示公告' },
  { key: 'zcdt', name: '政策动态' },
] as const;
export type SubTab = (typeof SUB_TABS)[number]['key'];
export const SUB_TAB_KEYS = keysOf(SUB_TABS);
/** The tabs listing policy items (the others list projects and publicity). */
export type PolicyFeedTab = Exclude<SubTab, 'tjxm' | 'wdgs'>;

/** A policy item of the 订阅项目, 申报通知, 公示公告 and 政策动态 tabs (a subscription item: id, title, and more). */
export const policyFeedItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** 'sbtz' | 'gsgg' | 'zcdt' */
  type: z.string(),
  dept_name: z.string(),
  /** The region it is for: 广东省, a city, or a city's district. */
  area_name: z.string(),
  publish_time: z.string(),
  /** Declaration deadline of a 申报通知, else null. */
  end_time: z.string().nullable(),
});
export type PolicyFeedItem = z.infer<typeof policyFeedItemSchema>;

/** Channels a push goes through. */
export const PUSH_CHANNELS = [
  { key: 'site', name: '站内消息' },
  { key: 'sms', name: '短信' },
  { key: 'email', name: '邮件' },
] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number]['key'];
export const PUSH_CHANNEL_KEYS = keysOf(PUSH_CHANNELS);

/** Limits of the push settings. */
export const PUSH_SETTINGS_LIMITS = {
  regions: 30,
  departments: 30,
  departmentLength: 50,
  industries: 20,
  keywords: 10,
  keywordLength: 20,
} as const;

/** The member's push settings (getConfig; updateConfig takes the same fields as a form). */
export const pushSettingsSchema = z.object({
  /** Region codes: the province, cities or districts; empty for all. */
  regions: z.array(z.string()),
  /** Issuing departments; empty for all. */
  departments: z.array(z.string()),
  /** Industry sections (GB/T 4754); empty for all. */
  industries: z.array(z.string()),
  /** Policy types (sbtz, gsgg, zcdt); empty for all. */
  types: z.array(z.string()),
  /** A title must contain one of them; empty for any title. */
  keywords: z.array(z.string()),
  channels: z.array(z.enum(PUSH_CHANNEL_KEYS)),
  /** HH:mm (Asia/Shanghai); both empty for no quiet hours. SMS and email wait until they end. */
  quiet_start: z.string(),
  quiet_end: z.string(),
  /** 提醒天数: days before a deadline the 申报提醒 goes out (0-30; 0 = no reminders). */
  remind_days: z.number(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** getConfig: the settings (defaults when never saved), whether they were saved, and the departments to pick from. */
export const pushConfigSchema = pushSettingsSchema.extend({
  saved: z.boolean(),
  updated_at: z.string().nullable(),
  dept_options: z.array(z.string()),
});
export type PushConfig = z.infer<typeof pushConfigSchema>;

/** 提醒天数 of the 申报提醒 before a deadline (推送设置): default and bounds; 0 turns reminders off. */
export const REMIND_DAYS = { default: 3, min: 0, max: 30 } as const;

/** The push settings a member starts with. */
export const DEFAULT_PUSH_SETTINGS: PushSettings = {
  regions: [],
  departments: [],
  industries: [],
  types: [],
  keywords: [],
  channels: ['site'],
  quiet_start: '',
  quiet_end: '',
  remind_days: REMIND_DAYS.default,
};

/** Push code of a newly published policy item that matches the member's settings; the message is its title. */
export const PUSH_POLICY_MATCHED = 3 as const;

const POLICY_TYPE_KEYS = new Set(['sbtz', 'gsgg', 'zcdt']);
const INDUSTRY_KEYS = new Set<string>(INDUSTRIES.map((i) => i.code));
const isRegion = (code: string) => code === PROVINCE_REGION.code || cityOfArea(code) !== undefined;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A list from a form (one comma-separated value, or the field repeated) or JSON (an array): trimmed, empties
 * dropped, duplicates removed; at most `max` items of at most `itemMax` characters each that `valid` accepts.
 */
function listField(
  max: number,
  itemMax: number,
  messages: { invalid: string; tooMany: string; tooLong?: string },
  valid: (item: string) => boolean = () => true,
  fallback: readonly string[] = [],
) {
  const text = textField(max * (itemMax + 1), { error: messages.invalid, tooLong: messages.tooMany });
  return z
    .union([text, z.array(text).max(max, messages.tooMany)], { error: messages.invalid })
    .transform((v) =>
      (Array.isArray(v) ? v.join(',') : v)
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .transform((items) => [...new Set(items)])
    .refine((items) => items.length <= max, messages.tooMany)
    .refine(
      (items) => items.every((item) => [...item].length <= itemMax),
      messages.tooLong ?? messages.invalid,
    )
    .refine((items) => items.every(valid), messages.invalid)
    .default([...fallback]);
}

const L = PUSH_SETTINGS_LIMITS;
const quietField = z
  .string({ error: MSG.quietHoursInvalid })
  .trim()
  .refine((v) => v === '' || HHMM.test(v), MSG.quietHoursInvalid)
  .default('');

/** The updateConfig form (PushSettings): every field optional, a missing list means none. */
export const pushSettingsBody = z
  .object({
    regions: listField(L.regions, 6, { invalid: MSG.areaInvalid, tooMany: MSG.regionsTooMany }, isRegion),
    departments: listField(L.departments, L.departmentLength, {
      invalid: MSG.departmentInvalid,
      tooMany: MSG.departmentsTooMany,
    }),
    industries: listField(
      L.industries,
      1,
      { invalid: MSG.industryInvalid, tooMany: MSG.industryInvalid },
      (code) => INDUSTRY_KEYS.has(code),
    ),
    types: listField(3, 4, { invalid: MSG.policyTypeInvalid, tooMany: MSG.policyTypeInvalid }, (type) =>
      POLICY_TYPE_KEYS.has(type),
    ),
    keywords: listField(L.keywords, L.keywordLength, {
      invalid: MSG.keywordInvalid,
      tooMany: MSG.keywordsTooMany,
      tooLong: MSG.keywordTooLong,
    }),
    // Missing: the default (站内); an empty value: no channel at all.
    channels: listField(
      3,
      5,
      { invalid: MSG.channelInvalid, tooMany: MSG.channelInvalid },
      (c) => (PUSH_CHANNEL_KEYS as readonly string[]).includes(c),
      DEFAULT_PUSH_SETTINGS.channels,
    ).transform((items) =>
      items.filter((c): c is PushChannel => (PUSH_CHANNEL_KEYS as readonly string[]).includes(c)),
    ),
    quiet_start: quietField,
    quiet_end: quietField,
    // Missing: the default; a form sends it as text.
    remind_days: z.coerce
      .number({ error: MSG.remindDaysInvalid })
      .int(MSG.remindDaysInvalid)
      .min(REMIND_DAYS.min, MSG.remindDaysInvalid)
      .max(REMIND_DAYS.max, MSG.remindDaysInvalid)
      .default(REMIND_DAYS.default),
  })
  .refine(
    (s) =>
      (s.quiet_start === '') === (s.quiet_end === '') &&
      (s.quiet_start === '' || s.quiet_start !== s.quiet_end),
    {
      message: MSG.quietHoursInvalid,
      path: ['quiet_start'],
    },
  ) satisfies z.ZodType<PushSettings, unknown>;
