// Where a payment leads: the page a paid order moves on to (the QR flow, the WeChat sheet and the result page alike)
// and the order page that pays an open order again (继续支付 of 我的订单, 重新支付 of the result page).
import { DEFAULT_API_PLAN_ID, type OrderListItem } from '@uc/shared';
import type { MemberPlan } from '../../../lib/renewal';
import { creditOrderPath, paths } from '../../../paths';
import { reorderPath } from './plan-actions';

export type CheckoutKind = 'plan' | 'api' | 'credits' | 'gift';

/** What a paid order opens next: the credits on 我的工具, the cards on 卡券商城, else the plan's success page. */
export function successPath(kind: CheckoutKind, outTradeNo: string, tool?: string): string {
  if (kind === 'credits') return `${paths.toolsMine}?paid=${tool ?? ''}`;
  if (kind === 'gift') return `${paths.cardsShop}?paid=${outTradeNo}`;
  return `${kind === 'api' ? paths.apiPaySuccess : paths.paySuccess}?state=true`;
}

/** The order page an order was bought on. */
export function kindOfOrder(order: Pick<OrderListItem, 'gid' | 'pack' | 'gift'>): CheckoutKind {
  if (order.gift) return 'gift';
  if (order.pack) return 'credits';
  return order.gid === DEFAULT_API_PLAN_ID ? 'api' : 'plan';
}

/** The success destination of a paid order of the member's list. */
export const orderSuccessPath = (order: OrderListItem): string =>
  successPath(kindOfOrder(order), order.out_trade_no, order.pack?.tool);

/** The order page that pays this order again, at its quantity (the server resumes the member's open order). */
export function continuePath(order: OrderListItem, member: MemberPlan): string {
  if (order.gift) return `${paths.cardsBuy}?product=${order.gift.id}&count=${order.count}`;
  if (order.pack) return creditOrderPath(order.pack.tool, order.pack.id, order.count);
  return reorderPath(order.gid, member, order.count);
}
