// One policy item opened from a list (申报通知, 公示公告, 政策动态): its detail with the member's matching customers,
// the member's favourites (收藏) and the 申报日历 of the open items of its subscriptions and favourites by deadline.
import { z } from 'zod';
import { customerItemSchema } from './customers.js';
import { idField, textField } from './fields.js';
import { MSG } from './messages.js';
import { noticeAttachmentSchema } from './notice-content.js';
import { cityByCode, cityOfArea, PROVINCE_REGION } from './regions.js';
import { policyFeedItemSchema } from './subscriptions.js';

/** 广东省 for a province-wide item, the city for a city-wide one, else the district. */
export function regionName(city_code: string | null, area_code: string | null): string {
  if (city_code === null) return PROVINCE_REGION.name;
  const city = cityByCode(city_code);
  if (area_code === null || !city) return city?.cityname ?? city_code;
  return cityOfArea(area_code)?.districts.find((d) => d.code === area_code)?.name ?? city.cityname;
}

/** The matching customers a detail shows (the rest is counted in `total`). */
export const POLICY_DETAIL_CUSTOMERS = 20;

/** A policy item's member page as an in-app path (消息中心 links it; a mail adds the app's address). */
export const policyDetailLink = (id: number): string => `/policy/detail?id=${id}`;

/** GET detail: one policy item as its page shows it (text is plain text, never HTML, except the sanitized `content`). */
export const policyItemDetailSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** 'sbtz' | 'gsgg' | 'zcdt' */
  type: z.string(),
  /** 申报通知, 公示公告 or 政策动态. */
  type_name: z.string(),
  dept_name: z.string(),
  /** The region it is for: 广东省, a city, or a city's district. */
  area_name: z.string(),
  /** The industry it is for, or null for every industry. */
  industry_name: z.string().nullable(),
  /** Published (the start of a declaration). */
  publish_time: z.string(),
  /** Declaration deadline of a 申报通知, else null. */
  end_time: z.string().nullable(),
  /** A 申报通知 whose deadline has not passed. */
  open: z.boolean(),
  /** The programme whose conditions apply (its name), or null when none is known. */
  programme: z.string().nullable(),
  /** The programme's conditions, one plain-text line each. */
  conditions: z.array(z.string()),
  /** Whether the member (its main account) has it in 收藏. */
  favourite: z.boolean(),
  /** The member's customers in the item's region and industry: the first POLICY_DETAIL_CUSTOMERS and the total. */
  customers: z.object({ list: z.array(customerItemSchema), total: z.number() }),
  /**
   * Whose customers match, as the customer list filters them (its `area` and `industry_code` query): the item's
   * district, else its city (null province-wide), and its industry (null for every industry).
   */
  match_scope: z.object({ area: z.string().nullable(), industry_code: z.string().nullable() }),
  /** The body: sanitized HTML (render it as it is, nothing else); '' when the item has none. */
  content: z.string(),
  /** 文号, '' when none. */
  doc_no: z.string(),
  /** 原文链接 (http or https), '' when none. */
  source_url: z.string(),
  /** The attachments in order; `url` downloads one (a signed-in member). */
  attachments: z.array(noticeAttachmentSchema),
  /** A 公示公告 only: the companies of its 公示名单 (POLICY_ITEM_API.publicity pages them). */
  publicity_total: z.number().optional(),
  /** A 公示公告 only: how many of them are the member's customers. */
  publicity_mine: z.number().optional(),
});
export type PolicyItemDetail = z.infer<typeof policyItemDetailSchema>;

/** POST favourite / remove: JSON { id }. */
export const policyFavouriteBody = z.object({ id: idField(MSG.policyItemInvalid) });
export type PolicyFavouriteBody = z.infer<typeof policyFavouriteBody>;

/** A favourite of the list: the item as the feeds show it, and when it was added. */
export const policyFavouriteItemSchema = policyFeedItemSchema.extend({ favourited_at: z.string() });
export type PolicyFavouriteItem = z.infer<typeof policyFavouriteItemSchema>;

/** The state after adding or removing. */
export const policyFavouriteStateSchema = z.object({ id: z.number(), favourite: z.boolean() });
export type PolicyFavouriteState = z.infer<typeof policyFavouriteStateSchema>;

/** YYYY-MM of the calendar. */
export const CALENDAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** An item of 申报日历: why it is there (subscribed by the push settings, favourited, or both). */
export const calendarItemSchema = policyFeedItemSchema.extend({
  end_time: z.string(),
  subscribed: z.boolean(),
  favourite: z.boolean(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

/** GET calendar: the month (Asia/Shanghai) and its open items by deadline, nearest first. */
export const policyCalendarSchema = z.object({
  month: z.string(),
  /** Today (YYYY-MM-DD, Asia/Shanghai) when answered: the calendar marks it (no clock read while drawing). */
  today: z.string(),
  items: z.array(calendarItemSchema),
  /** More items than the calendar lists (CALENDAR_LIMIT). */
  truncated: z.boolean(),
});
export type PolicyCalendar = z.infer<typeof policyCalendarSchema>;

/** The most items a month of the calendar lists. */
export const CALENDAR_LIMIT = 500;

/**
 * Push code of a deadline reminder (申报提醒); the message names the item and its deadline. (2 order paid, 3 policy
 * matched, 4 invoice issued; 5 is left to the message centre.)
 */
export const PUSH_POLICY_REMINDER = 6 as const;

/** GET publicity: a 公示公告's 公示名单, paged, filtered by company name or credit code (`q`), or the member's own. */
export const policyPublicityQuery = z.object({
  id: idField(MSG.policyItemInvalid),
  /** Part of a company name or credit code. */
  q: textField(100).trim().optional(),
  /** 1: only the member's customers. */
  mine: z.enum(['0', '1'], { error: MSG.badRequest }).optional(),
});
export type PolicyPublicityQuery = z.input<typeof policyPublicityQuery>;
