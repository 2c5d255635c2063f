// The order page's query (docs/requirements.md §2): gid (plan id), state (1 = renew, 2 = new purchase) and isRenew, plus the
// optional count (years) that 继续支付 of 我的订单 passes so that the order opens at the quantity it had.
import { DEFAULT_API_PLAN_ID, ORDER_COUNT, PLAN, TOOL_CODES, type ToolCode } from '@uc/shared';

export interface OrderParams {
  gid: number;
  renew: boolean;
  /** The quantity to open at (1-5); absent: the smallest one. */
  count?: number;
  /** An order of a tool's credit packs (gid PLAN.credits). */
  pack?: { tool: ToolCode; id: number };
  /** An order of gift cards: the product (gid PLAN.gift). */
  gift?: number;
}

/** 购买次数's query: tool (its code), pack (its id, absent: the page's first pack), count. */
export interface CreditOrderParams {
  tool: ToolCode;
  pack: number | null;
  count?: number;
}

const TRUE_FLAGS = new Set(['1', 'true']);

function planId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const gid = Number(raw);
  return gid > 0 ? gid : null;
}

/** A quantity of 1 to 5; anything else (missing, malformed, out of range) is no quantity. */
function quantity(raw: string | null): { count: number } | Record<string, never> {
  if (raw === null || !/^\d$/.test(raw)) return {};
  const count = Number(raw);
  return count >= ORDER_COUNT.min && count <= ORDER_COUNT.max ? { count } : {};
}

/** The plan page's query; null when the plan id is missing or malformed. */
export function parseOrderParams(search: URLSearchParams): OrderParams | null {
  const gid = planId(search.get('gid'));
  if (gid === null) return null;
  const renew = search.get('state') === '1' || TRUE_FLAGS.has(search.get('isRenew') ?? '');
  return { gid, renew, ...quantity(search.get('count')) };
}

/** The API package page: gid defaults to the default API package (docs/requirements.md §9). */
export function parseApiOrderParams(search: URLSearchParams): OrderParams | null {
  const raw = search.get('gid');
  const gid = raw === null || raw === '' ? DEFAULT_API_PLAN_ID : planId(raw);
  return gid === null ? null : { gid, renew: false, ...quantity(search.get('count')) };
}

/** The credit order page's query; null when the tool is missing or unknown. */
export function parseCreditOrderParams(search: URLSearchParams): CreditOrderParams | null {
  const tool = search.get('tool');
  if (!tool || !(TOOL_CODES as readonly string[]).includes(tool)) return null;
  return { tool: tool as ToolCode, pack: planId(search.get('pack')), ...quantity(search.get('count')) };
}

/** The order of `count` of the pack, as the checkout asks for it. */
export const creditOrder = (tool: ToolCode, pack: number, count?: number): OrderParams => ({
  gid: PLAN.credits,
  renew: false,
  pack: { tool, id: pack },
  ...(count ? { count } : {}),
});

/** The gift card order page's query: product (its id) and count; null when the product is missing or malformed. */
export function parseGiftOrderParams(search: URLSearchParams): OrderParams | null {
  const product = planId(search.get('product'));
  return product === null
    ? null
    : { gid: PLAN.gift, renew: false, gift: product, ...quantity(search.get('count')) };
}
