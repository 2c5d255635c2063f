// Prices and counts as the shop's pages print them (amounts: lib/ui/yuan-text.ts).
import { numberText } from '../../../lib/ui/number-text';
import { yuanText } from '../../../lib/ui/yuan-text';

/** 150000 -> '150,000' (without Intl: lib/ui/number-text.ts). */
export const countText = (value: number): string => numberText(value);

/** A catalogue price: whole yuan without the cents ('¥3980'), else as yuanText. */
export function priceText(amount: number): string {
  const text = yuanText(amount);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}
