// Redemption cards (卡券): batches an operator creates, each card a number and a secret a member binds to receive
// what the batch grants (docs/requirements.md §7 /saastools card calls; docs/decisions.md "cards").
import { z } from 'zod';
import { orderQuantityFields, outTradeNoField } from './commerce.js';
import { idField } from './fields.js';
import { MSG } from './messages.js';

/** Paths exactly as docs/requirements.md §7 writes them (GET unless noted). */
export const CARDS_API = {
  /** -> MyCard[]: the cards the member bound, newest first. */
  mine: '/saastools/mycard',
  /** -> CardTotals: the member's cards by state. */
  totals: '/saastools/cardtotal/',
  /** POST form card_no, card_secret -> MyCard: binds a card and grants what it gives, once. */
  bind: '/saastools/bindusercard',
  /** GET -> GiftProduct[] (购买卡); POST form product, count -> OrderCreated: an order of gift cards. */
  shop: '/saastools/shoppaycard',
  /** Query out_trade_no -> GiftCards: a paid gift order's cards, their secrets shown once (not in docs/requirements.md §7). */
  giftCards: '/saastools/shoppaycard/cards',
  /** Query out_trade_no -> .xlsx of the cards and secrets, downloadable once (not in docs/requirements.md §7). */
  giftCardsXlsx: '/saastools/shoppaycard/cards.xlsx',
} as const;

/** What a batch's cards grant: a plan's years, a tool's uses, API calls, a coupon of a template. */
export const CARD_GRANT_KINDS = ['plan', 'credits', 'api', 'coupon'] as const;
export type CardGrantKind = (typeof CARD_GRANT_KINDS)[number];

/** Secrets are drawn from this alphabet: no 0/O, 1/I/L, so a secret read aloud or typed is not misread. */
export const CARD_SECRET_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CARD_SECRET_LENGTH = 16;
/** Card numbers: 16 digits. */
export const CARD_NO_PATTERN = /^\d{16}$/;

/** A secret as typed: spaces and dashes between groups dropped, lower case raised. */
export const normalizeCardSecret = (text: string): string => text.replace(/[\s-]+/g, '').toUpperCase();

/** POST /saastools/bindusercard. Malformed input answers the same 卡号或卡密错误 as a wrong card. */
export const bindCardBody = z.object({
  card_no: z
    .string({ error: MSG.cardInvalid })
    .max(64, MSG.cardInvalid)
    .transform((text) => text.replace(/[\s-]+/g, ''))
    .pipe(z.string().regex(CARD_NO_PATTERN, MSG.cardInvalid)),
  card_secret: z
    .string({ error: MSG.cardInvalid })
    .max(64, MSG.cardInvalid)
    .transform(normalizeCardSecret)
    .pipe(z.string().regex(/^[2-9A-HJKMNP-Z]{12,32}$/, MSG.cardInvalid)),
});
export type BindCardInput = z.input<typeof bindCardBody>;

/** A card the member bound. */
export const myCardSchema = z.object({
  card_no: z.string(),
  /** The batch's name (the card's title). */
  name: z.string(),
  kind: z.enum(CARD_GRANT_KINDS),
  /** What it gave, in words: 'VIP专业版 1年', '高企评分 50次', 'API调用 50,000次'. */
  grant: z.string(),
  bound_at: z.string(),
  /** A plan or API card: the order that recorded it (订单详情); null for credits. */
  out_trade_no: z.string().nullable(),
});
export type MyCard = z.infer<typeof myCardSchema>;

/** GET /saastools/cardtotal/: the member's cards by state. */
export const cardTotalsSchema = z.object({
  /** Cards the member bound (each applied when bound). */
  bound: z.number(),
  /** Gift cards the member bought that nobody has bound yet, still valid. */
  unused: z.number(),
  /** Gift cards the member bought that expired or were voided unbound. */
  expired: z.number(),
});
export type CardTotals = z.infer<typeof cardTotalsSchema>;

/** GET /saastools/shoppaycard item: a gift card a member can buy for its customers. */
export const giftProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(CARD_GRANT_KINDS),
  /** What one card gives: 'VIP专业版 1年', '高企评分 50次'. */
  grant: z.string(),
  /** Yuan per card. */
  price: z.number(),
  /** Days a bought card can be bound. */
  valid_days: z.number(),
});
export type GiftProduct = z.infer<typeof giftProductSchema>;

/** POST /saastools/shoppaycard: `count` cards (1-5) of a product. */
export const buyGiftBody = z.object({
  product: idField(MSG.giftInvalid),
  ...orderQuantityFields,
});
export type BuyGiftInput = z.input<typeof buyGiftBody>;

export const giftOrderQuery = z.object({ out_trade_no: outTradeNoField });
export type GiftOrderQuery = z.infer<typeof giftOrderQuery>;

/** GET /saastools/shoppaycard/cards: a paid gift order's cards; `card_secret` only on the first look. */
export const giftCardsSchema = z.object({
  out_trade_no: z.string(),
  name: z.string(),
  grant: z.string(),
  /** Cards bind until then. */
  expires_at: z.string(),
  cards: z.array(
    z.object({
      card_no: z.string(),
      /** The secret on the first look at the cards; null after. */
      card_secret: z.string().nullable(),
      bound: z.boolean(),
    }),
  ),
  /** The secrets were shown before this answer (they are null in it). */
  shown: z.boolean(),
  /** The .xlsx was downloaded (it is not offered again). */
  downloaded: z.boolean(),
});
export type GiftCards = z.infer<typeof giftCardsSchema>;
