import type { CatalogueTrade } from '../../../shared/api/catalogue.ts';

/** Pence as pounds for print: 1250 → "£12.50". */
export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** A line's price with its breaks for print: "£12.50; 10+ £11.00; 50+ £9.90", or "" when unpriced. */
export function priceText(trade: CatalogueTrade | undefined): string {
  if (!trade || trade.price_pence === null) return trade?.price_breaks.length ? breaksText(trade) : '';
  return [pounds(trade.price_pence), breaksText(trade)].filter(Boolean).join('; ');
}

const breaksText = (trade: CatalogueTrade) => trade.price_breaks.map((b) => `${b.min_quantity}+ ${pounds(b.price_pence)}`).join('; ');

const LABELS = { in_stock: 'In stock', limited: 'Limited', out_of_stock: 'Out of stock' } as const;

/** Availability for print: "In stock (120)", "Ready from 2027-03-01", or "" when unknown. */
export function availabilityText(trade: CatalogueTrade | undefined): string {
  if (!trade?.stock_status) return '';
  if (trade.stock_status === 'ready_from') return trade.ready_from ? `Ready from ${trade.ready_from}` : 'Ready soon';
  const label = LABELS[trade.stock_status];
  return trade.stock_quantity === null ? label : `${label} (${trade.stock_quantity})`;
}
