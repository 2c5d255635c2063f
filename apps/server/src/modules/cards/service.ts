// Redemption cards (docs/decisions.md "cards"): a member binds a card by its number and secret; in one
// transaction the card moves from unbound to the member by a conditional update and what its batch grants is written
// with the card as its source (a tool's credits; a plan's years or API calls as an order of that plan, credited like
// a payment), so two members racing for one card cannot both win and a retried bind grants once. Every failure
// answers the same 卡号或卡密错误, and failures are counted per member and per IP in the shared store.
import {
  type CardTotals,
  DAY_MS,
  type GiftCards,
  type GiftProduct,
  HOUR_MS,
  MSG,
  type MyCard,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError, errors } from '../../errors.js';
import type { KeyValue } from '../../lib/kv.js';
import type { Redemption } from '../commerce/redeem.js';
import { type CouponIssue, type IssueResult, issueRefusal } from '../coupons/service.js';
import type { NewGrant } from '../tools/service.js';
import { type GiftGoods, toGiftProduct } from './gifts.js';
import { toMyCard } from './presenter.js';
import {
  bindCard,
  boundCards,
  catalogueNames,
  countBound,
  findCard,
  giftTotals,
  listGiftProducts,
  lockMember,
  paidPerCard,
  setCardOrder,
} from './repo.js';
import { secretMatches } from './secrets.js';

/** Failures a member, and an IP, may make in an hour before binding is refused for the rest of it. */
export const BIND_LIMITS = { perMember: 10, perIp: 30, windowMs: HOUR_MS } as const;
/** How long a card's tool credits stay usable after it is bound. */
export const CARD_CREDIT_DAYS = 365;

export interface CardsDeps {
  db: Db;
  now: () => Date;
  kv: KeyValue;
  /** The key of the secrets' HMACs (secrets.ts cardKey). */
  key: Buffer;
  /** A tool's credits, in the binding transaction (the tools module's). */
  grantCredits(grant: NewGrant, trx: Db): Promise<boolean>;
  /** A plan's years or API calls, credited as an order in the binding transaction (commerce's). */
  redeem(trx: Db, at: Date, redemption: Redemption): Promise<{ order: { id: number }; groupId: number }>;
  /** After a plan or API card: the member's sessions see the new level at once. */
  membershipChanged(groupId: number): void;
  /** A paid gift order's cards (gifts.ts). */
  gifts: Pick<GiftGoods, 'cardsOf'>;
  /** A coupon card's coupon, in the binding transaction (the coupons module's). */
  issueCoupon(trx: Db, issue: CouponIssue): Promise<IssueResult>;
}

export interface Binder {
  userId: number;
  ip: string;
}

/** Compared against when no card has the number (no secret's HMAC is all zeros). */
const NO_CARD_HASH = '0'.repeat(64);

const tooManyTries = () => new AppError(429, 400, MSG.cardTooManyTries);

export function createCardsService({
  db,
  now,
  kv,
  key,
  grantCredits,
  redeem,
  membershipChanged,
  gifts,
  issueCoupon,
}: CardsDeps) {
  const keys = {
    member: (userId: number) => `cards:fail:u:${userId}`,
    ip: (ip: string) => `cards:fail:ip:${ip}`,
  };

  async function locked({ userId, ip }: Binder): Promise<boolean> {
    const [member, fromIp] = await Promise.all([kv.get(keys.member(userId)), kv.get(keys.ip(ip))]);
    return Number(member ?? 0) >= BIND_LIMITS.perMember || Number(fromIp ?? 0) >= BIND_LIMITS.perIp;
  }

  /** Counts a failure and answers the one message every failure gets. */
  async function refuse({ userId, ip }: Binder): Promise<never> {
    await Promise.all([
      kv.incr(keys.member(userId), BIND_LIMITS.windowMs),
      kv.incr(keys.ip(ip), BIND_LIMITS.windowMs),
    ]);
    throw errors.badRequest(MSG.cardInvalid);
  }

  async function boundCard(userId: number, cardNo: string): Promise<MyCard> {
    const [row] = await boundCards(db, userId, cardNo);
    if (!row) throw new Error(`card ${cardNo} is not bound to ${userId}`);
    return toMyCard(row);
  }

  return {
    async bind(binder: Binder, cardNo: string, secret: string): Promise<MyCard> {
      if (await locked(binder)) throw tooManyTries();
      const at = now();
      const stamp = at.toISOString();
      const card = await findCard(db, cardNo);
      // The secret is checked whether or not the number exists: the answer's time says nothing about which was wrong.
      const matches = secretMatches(key, secret, card?.secret_hash ?? NO_CARD_HASH);
      if (!card || !matches || card.batch_status !== 'active' || card.expires_at <= stamp)
        return refuse(binder);
      // A retried bind of the member's own card answers what it gave, once.
      if (card.status === 'bound') {
        return card.user_id === binder.userId ? boundCard(binder.userId, cardNo) : refuse(binder);
      }
      const applied = await db.transaction().execute(async (trx) => {
        await lockMember(trx, binder.userId);
        if (!(await bindCard(trx, card.id, binder.userId, stamp))) return null;
        if (card.grant_kind === 'credits') {
          await grantCredits(
            {
              userId: binder.userId,
              toolCode: card.grant_tool ?? '',
              sourceType: 'card',
              sourceId: String(card.id),
              uses: card.grant_units,
              expiresAt: new Date(at.getTime() + CARD_CREDIT_DAYS * DAY_MS).toISOString(),
              at: stamp,
            },
            trx,
          );
          return { groupId: null };
        }
        if (card.grant_kind === 'coupon') {
          const issued = await issueCoupon(trx, {
            templateId: card.grant_template ?? 0,
            userId: binder.userId,
            source: 'card',
            sourceRef: String(card.id),
            at,
          });
          // Over the template's limits: the card stays unbound (the transaction rolls back) and says why.
          if (!issued.issued) throw errors.badRequest(issueRefusal(issued.reason));
          return { groupId: null };
        }
        const units =
          card.grant_kind === 'api' ? card.grant_units / (card.api_calls_per_unit ?? 1) : card.grant_units;
        const { order, groupId } = await redeem(trx, at, {
          userId: binder.userId,
          gid: card.grant_gid ?? 0,
          units,
          cardNo,
          valueFen: await paidPerCard(trx, card.id),
        });
        await setCardOrder(trx, card.id, order.id);
        return { groupId };
      });
      // Another member bound it a moment before (or this member's other request did).
      if (!applied) {
        const latest = await findCard(db, cardNo);
        return latest?.user_id === binder.userId ? boundCard(binder.userId, cardNo) : refuse(binder);
      }
      if (applied.groupId !== null) membershipChanged(applied.groupId);
      return boundCard(binder.userId, cardNo);
    },

    async mine(userId: number): Promise<MyCard[]> {
      return (await boundCards(db, userId)).map(toMyCard);
    },

    async totals(userId: number): Promise<CardTotals> {
      const [bound, gifts] = await Promise.all([
        countBound(db, userId),
        giftTotals(db, userId, now().toISOString()),
      ]);
      return { bound, ...gifts };
    },

    /**
     * A paid gift order's cards for its buyer (the caller checked the order is the member's): the secrets on the first
     * look, or once for the .xlsx. Not paid yet: 404 订单支付后生成卡券.
     */
    giftCards(order: OrderRow, mode: 'show' | 'download'): Promise<GiftCards> {
      if (order.gift_id === null || order.status !== 'paid')
        throw new AppError(404, 404, MSG.giftCardsPending);
      return gifts.cardsOf(order, mode, now());
    },

    /** 购买卡: the gift cards on sale, with what each gives. */
    async giftProducts(): Promise<GiftProduct[]> {
      const [products, names] = await Promise.all([listGiftProducts(db), catalogueNames(db)]);
      return products.filter((p) => p.on_sale === 1).map((p) => toGiftProduct(p, names));
    },
  };
}

export type CardsService = ReturnType<typeof createCardsService>;
