// Gift cards (购买卡) as goods commerce sells: the products, and the card batch a paid order issues in the crediting
// transaction. Each card's secret is stored as its HMAC (to bind) and sealed (AES-256-GCM) for its buyer, who is shown
// the secrets once and may download them as .xlsx once; once both happened the sealed copies are dropped
// (docs/decisions.md "Gift cards"). A whole refund of the order voids its cards while none was redeemed.
import { DAY_MS, fenToYuan, type GiftCards, type GiftProduct, MSG } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { unseal } from '../../lib/seal.js';
import type { GiftIssue } from '../commerce/deps.js';
import { grantText } from './presenter.js';
import {
  batchCards,
  catalogueNames,
  countBoundInBatch,
  dropSealedSecrets,
  findGiftProduct,
  findOrderBatch,
  insertBatch,
  insertCards,
  listGiftProducts,
  markBatch,
  setGiftBatchVoid,
} from './repo.js';
import { newCards } from './secrets.js';

export type GiftOffer = NonNullable<Awaited<ReturnType<typeof findGiftProduct>>>;

/** The keys of the cards' secrets: the HMAC key (binding) and the sealing key (the buyer's copy). */
export interface GiftKeys {
  hmacKey: Buffer;
  sealKey: Buffer;
}

type Names = Awaited<ReturnType<typeof catalogueNames>>;

/** What a card of the product (or batch) gives, in words. */
const grantOf = (
  g: Pick<GiftOffer, 'grant_kind' | 'grant_units' | 'grant_gid' | 'grant_tool'>,
  names: Names,
) =>
  grantText({
    ...g,
    plan_name: g.grant_gid === null ? null : (names.plans.get(g.grant_gid) ?? null),
    tool_name: g.grant_tool === null ? null : (names.tools.get(g.grant_tool) ?? null),
  });

export function toGiftProduct(offer: GiftOffer, names: Names): GiftProduct {
  return {
    id: offer.id,
    name: offer.name,
    kind: offer.grant_kind === 'credits' ? 'credits' : 'plan',
    grant: grantOf(offer, names),
    price: fenToYuan(offer.price_fen),
    valid_days: offer.valid_days,
  };
}

export function createGiftGoods(db: Db, { hmacKey, sealKey }: GiftKeys) {
  return {
    /** The product, on sale or not; `q`: the caller's transaction. */
    giftOf(id: number, q: Db = db): Promise<GiftOffer | undefined> {
      return findGiftProduct(q, id);
    },

    /** Every product, on sale or not (the shop lists those on sale; 我的订单 names any). */
    giftOffers(): Promise<GiftOffer[]> {
      return listGiftProducts(db);
    },

    /**
     * A paid order's cards, in the crediting transaction `q`: a batch of the order (so issued once: the order was
     * moved to paid by the guard before) with `count` cards bindable for the product's days. The cards' expiry.
     */
    async issueGiftCards(q: Db, { giftId, count, orderId, at }: GiftIssue): Promise<string> {
      const product = await findGiftProduct(q, giftId);
      if (!product) throw new Error(`order ${orderId}: gift product ${giftId} is gone`);
      if (await findOrderBatch(q, orderId)) throw new Error(`order ${orderId}: its cards were issued before`);
      const stamp = at.toISOString();
      const expiresAt = new Date(at.getTime() + product.valid_days * DAY_MS).toISOString();
      const batchId = await insertBatch(q, {
        name: product.name,
        grant_kind: product.grant_kind,
        grant_gid: product.grant_gid,
        grant_tool: product.grant_tool,
        grant_units: product.grant_units,
        count,
        expires_at: expiresAt,
        status: 'active',
        created_at: stamp,
        order_id: orderId,
        shown_at: null,
        downloaded_at: null,
        grant_template: null,
      });
      await insertCards(
        q,
        newCards(count, hmacKey, sealKey).map((card) => ({
          batch_id: batchId,
          card_no: card.cardNo,
          secret_hash: card.secretHash,
          secret_sealed: card.secretSealed,
          status: 'unbound',
          user_id: null,
          bound_at: null,
          order_id: null,
          created_at: stamp,
        })),
      );
      return expiresAt;
    },

    /**
     * A whole refund of a paid gift order, in the refund's transaction `q`: voids its cards not yet redeemed. false
     * when any was redeemed (it gave its plan to someone): the caller refuses and rolls the void back.
     */
    async voidGiftCards(q: Db, orderId: number): Promise<boolean> {
      const batch = await findOrderBatch(q, orderId);
      if (!batch) return false;
      await setGiftBatchVoid(q, batch.id, true);
      return (await countBoundInBatch(q, batch.id)) === 0;
    },

    /** The order's cards bindable again in `q`: the whole refund that voided them failed or was closed. */
    async restoreGiftCards(q: Db, orderId: number): Promise<void> {
      const batch = await findOrderBatch(q, orderId);
      if (batch) await setGiftBatchVoid(q, batch.id, false);
    },

    /**
     * A paid gift order's cards for its buyer (the caller checked the order is the member's). `mode` 'show': the
     * secrets the first time, null after; 'download': the secrets once, for the .xlsx (410 after). Once both
     * happened the sealed copies are dropped.
     */
    async cardsOf(
      order: { id: number; out_trade_no: string },
      mode: 'show' | 'download',
      at: Date,
    ): Promise<GiftCards> {
      const batch = await findOrderBatch(db, order.id);
      if (!batch) throw new AppError(404, 404, MSG.giftCardsPending);
      const field = mode === 'show' ? 'shown_at' : 'downloaded_at';
      const first = await markBatch(db, batch.id, field, at.toISOString());
      if (mode === 'download' && !first) throw new AppError(410, 410, MSG.giftCardsDownloaded);
      const [cards, names] = await Promise.all([batchCards(db, batch.id), catalogueNames(db)]);
      const other = mode === 'show' ? batch.downloaded_at : batch.shown_at;
      if (first && other !== null) await dropSealedSecrets(db, batch.id);
      return {
        out_trade_no: order.out_trade_no,
        name: batch.name,
        grant: grantOf(batch, names),
        expires_at: batch.expires_at,
        cards: cards.map((c) => ({
          card_no: c.card_no,
          card_secret: first && c.secret_sealed ? unseal(sealKey, c.secret_sealed) : null,
          bound: c.status === 'bound',
        })),
        shown: mode === 'show' ? !first : batch.shown_at !== null,
        downloaded: mode === 'download' ? true : batch.downloaded_at !== null,
      };
    },
  };
}

export type GiftGoods = ReturnType<typeof createGiftGoods>;
