// Yuan amounts of the wire (numbers with at most two decimals) as the pages print them: the shop's prices and orders,
// the invoices.
import { formatYuan, signedYuanToFen } from '@uc/shared';

/** 3980 -> '¥3980.00'; -120.5 -> '-¥120.50'. */
export function yuanText(amount: number): string {
  const fen = signedYuanToFen(amount) ?? Math.round(amount * 100);
  const text = formatYuan(fen);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}
