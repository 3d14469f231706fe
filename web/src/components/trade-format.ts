import type { CatalogueTrade } from '../../../shared/api/catalogue.ts';

/** "£1.25" from pence. */
export const formatPence = (pence: number): string => `£${(pence / 100).toFixed(2)}`;

/** "£1.25 · 50+ £1.10 · 250+ £0.95": the price with its quantity breaks; "" when unpriced. */
export function formatPrice(trade: CatalogueTrade): string {
  const parts = trade.price_pence === null ? [] : [formatPence(trade.price_pence)];
  for (const step of trade.price_breaks) parts.push(`${step.min_quantity.toLocaleString('en-GB')}+ ${formatPence(step.price_pence)}`);
  return parts.join(' · ');
}

const readyDate = (day: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });

/** "In stock (1,200)", "Limited (40)", "Ready from 1 Mar 2027", "Out of stock"; "" when not set. */
export function formatAvailability(trade: CatalogueTrade): string {
  const count = trade.stock_quantity === null ? '' : ` (${trade.stock_quantity.toLocaleString('en-GB')})`;
  switch (trade.stock_status) {
    case 'in_stock':
      return `In stock${count}`;
    case 'limited':
      return `Limited${count}`;
    case 'ready_from':
      return trade.ready_from ? `Ready from ${readyDate(trade.ready_from)}` : 'Coming soon';
    case 'out_of_stock':
      return 'Out of stock';
    default:
      return '';
  }
}
