import type { CatalogueTrade } from '../../../../../shared/api/catalogue.ts';
import { penceText } from '../../../../../shared/trade-text.ts';

/** "£2.50 · 3 breaks", "£2.50", "2 breaks" (breaks without a price), or "" when unpriced: the admin table's short price. */
export function priceSummary(trade: CatalogueTrade | undefined): string {
  if (!trade) return '';
  const count = trade.price_breaks.length;
  const parts = [
    trade.price_pence === null ? '' : penceText(trade.price_pence),
    count ? `${count} ${count === 1 ? 'break' : 'breaks'}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}
