// What commerce is built from: modules/index.ts hands one such object to createCommerceService, and each part takes
// the fields it needs.
import type { InboxDelivery, OrderInvoice } from '@uc/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Tokens } from '../../lib/token.js';
import type { PaymentChannels } from '../../providers/payment/types.js';
import type { AuthService } from '../auth/service.js';
import type { NoticeOutbox } from '../notices/service.js';
import type { PushHub } from '../push/hub.js';
import type { AuditActor, RecordAudit } from '../staff/audit.js';
import type { CreditGoods } from '../tools/service.js';
import type { UsersService } from '../users/service.js';

export interface CommerceDeps {
  db: Db;
  now: () => Date;
  /** The notify URLs' base (PUBLIC_BASE_URL or http://localhost:PORT) and the bank details of transfers. */
  config: Pick<Config, 'port' | 'payment'>;
  channels: PaymentChannels;
  /**
   * The tools' credit packs and the gift cards, sold through the same orders (priced on order, issued when credited),
   * and the member's plan (the users module's row), set by crediting and by a whole refund.
   */
  goods: CreditGoods & GiftGoodsPort & PlanGoods;
  tokens: Tokens;
  users: Pick<UsersService, 'findById'>;
  push: Pick<PushHub, 'toGroup'>;
  /** The invoice requests of orders (the invoices module's), for 我的订单. */
  invoices: InvoicesPort;
  /** The session check's cache, dropped for the group once its plan changed. */
  sessions: Pick<AuthService, 'membershipChanged'>;
  /** 消息中心 (the messages module satisfies it): a paid order is kept there. */
  inbox: CommerceInbox;
  /** The account notices' outbox: a refund that succeeded goes by SMS and mail per 推送设置 too. */
  notices: Pick<NoticeOutbox, 'enqueue'> & { flush?: () => Promise<number> };
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/** A gift card product as an order prices and names it (the cards module's, which sells it through commerce). */
export interface GiftOffer {
  id: number;
  name: string;
  price_fen: number;
  valid_days: number;
  on_sale: number;
}

/** A paid order's gift cards: `count` cards of the product for the buyer. */
export interface GiftIssue {
  userId: number;
  giftId: number;
  count: number;
  orderId: number;
  at: Date;
}

/** What commerce needs of 消息中心. */
export interface CommerceInbox {
  deliver(delivery: InboxDelivery): Promise<void>;
}

/** What commerce shows of the orders' invoices (the invoices module satisfies it). */
export interface InvoicesPort {
  ofOrders(orderIds: readonly number[]): Promise<Map<number, OrderInvoice>>;
  /**
   * A succeeded refund of the money that paid the order, in the refund's transaction `q`: its invoice follows (a
   * request lowered or rejected, an issued one red-lettered for the part, 已红冲 when whole).
   */
  followRefund(
    q: Db,
    refund: { orderId: number; refundId: number | null; amountFen: number; reason: string; whole: boolean },
    at: Date,
  ): Promise<number>;
}

/** What commerce needs of the gift cards (the cards module satisfies it). */
export interface GiftGoodsPort {
  giftOf(id: number, q?: Db): Promise<GiftOffer | undefined>;
  giftOffers(): Promise<GiftOffer[]>;
  /** Issues the order's cards in the crediting transaction `q`; their binding deadline. */
  issueGiftCards(q: Db, issue: GiftIssue): Promise<string>;
  /** A whole refund voids the order's unredeemed cards in its transaction `q`; false when any was redeemed. */
  voidGiftCards(q: Db, orderId: number): Promise<boolean>;
  /** The refund that voided them failed: the cards bindable again, in `q`. */
  restoreGiftCards(q: Db, orderId: number): Promise<void>;
}

/** What crediting and refunds write of the member's plan, in their transaction (the users service satisfies it). */
export type PlanGoods = Pick<UsersService, 'setPlan'>;

/** Who asks for a change and the audit writer its row goes through, inside the change's own transaction. */
export interface AuditedBy {
  record: RecordAudit;
  actor: AuditActor;
}
