import type { QuoteLineNow } from '../../../../../shared/api/quotes.ts';

const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** "£1,239.00" from pence. */
export const formatPounds = (pence: number): string => POUNDS.format(pence / 100);

/** A line's unit price for its quantity: "£1.99 (500+ break)", "£4.50 (list price)", or "Price on request". */
export function unitPriceText(now: QuoteLineNow): string {
  if (now.unit_price_pence === null) return 'Price on request';
  const basis = now.break_min_quantity === null ? 'list price' : `${now.break_min_quantity.toLocaleString('en-GB')}+ break`;
  return `${formatPounds(now.unit_price_pence)} (${basis})`;
}
