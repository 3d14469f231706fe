import type { CatalogueTrade, PriceBreak } from './api/catalogue.ts';

/**
 * A line's trade terms as words, the one en-GB wording the catalogue page, the admin table, the
 * price list files and the mails all print: "£2.50", "100+ £1.99", "In stock (5,000)",
 * "Ready from 10 Jan 2027". Server and web both import it, so a buyer reads the same text on the
 * screen as in the file they download.
 */

const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
// A date-only value names a calendar day, not an instant: read and written in UTC, so no zone can shift it.
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** What an approved buyer reads where a line has no price: staff quote it by hand. */
export const PRICE_ON_REQUEST = 'Price on request';

/** Pence as pounds: 250 → "£2.50", 125000 → "£1,250.00". */
export const penceText = (pence: number): string => POUNDS.format(pence / 100);

/** A whole number of plants: 5000 → "5,000". */
const countText = (count: number): string => COUNT.format(count);

/** A quantity break: "100+ £1.99". */
export const breakText = (step: PriceBreak): string => `${countText(step.min_quantity)}+ ${penceText(step.price_pence)}`;

/** "2027-01-10" → "10 Jan 2027"; the text as given when it is not a date. */
export function dayText(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY.format(date);
}

/** "£1.25 · 50+ £1.10 · 1,000+ £0.95": the price with its breaks; "" when neither is set. */
export function priceText(trade: CatalogueTrade): string {
  const parts = trade.price_pence === null ? [] : [penceText(trade.price_pence)];
  for (const step of trade.price_breaks) parts.push(breakText(step));
  return parts.join(' · ');
}

/** "In stock (5,000)", "Limited (40)", "Ready from 10 Jan 2027", "Out of stock"; "" when not set. */
export function availabilityText(trade: CatalogueTrade): string {
  const count = trade.stock_quantity === null ? '' : ` (${countText(trade.stock_quantity)})`;
  switch (trade.stock_status) {
    case 'in_stock':
      return `In stock${count}`;
    case 'limited':
      return `Limited${count}`;
    case 'ready_from':
      // The schema requires the date with this status; a line stored before that rule reads vaguely.
      return trade.ready_from ? `Ready from ${dayText(trade.ready_from)}` : 'Ready soon';
    case 'out_of_stock':
      return 'Out of stock';
    default:
      return '';
  }
}
