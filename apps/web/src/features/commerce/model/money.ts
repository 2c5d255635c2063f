// Yuan amounts of the wire (numbers with at most two decimals) as the pages print them.
import { formatYuan, signedYuanToFen } from '@uc/shared';

/** 3980 -> '¥3980.00'; -120.5 -> '-¥120.50'. */
export function yuanText(amount: number): string {
  const fen = signedYuanToFen(amount) ?? Math.round(amount * 100);
  const text = formatYuan(fen);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** 150000 -> '150,000'. */
export const countText = (value: number): string => value.toLocaleString('en-US');

/** A catalogue price: whole yuan without the cents ('¥3980'), else as yuanText. */
export function priceText(amount: number): string {
  const text = yuanText(amount);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}
