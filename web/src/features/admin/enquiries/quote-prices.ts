import { PRICE_ON_REQUEST, penceText } from '../../../../../shared/trade-text.ts';
import type { QuoteLineNow } from '../../../../../shared/api/quotes.ts';

/** A line's unit price for its quantity: "£1.99 (500+ break)", "£4.50 (list price)", or "Price on request". */
export function unitPriceText(now: QuoteLineNow): string {
  if (now.unit_price_pence === null) return PRICE_ON_REQUEST;
  const basis = now.break_min_quantity === null ? 'list price' : `${now.break_min_quantity.toLocaleString('en-GB')}+ break`;
  return `${penceText(now.unit_price_pence)} (${basis})`;
}
