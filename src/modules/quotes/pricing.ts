import type { CatalogueTrade } from '../../../shared/api/catalogue.ts';
import type { QuoteLineNow } from '../../../shared/api/quotes.ts';
import { priceForQuantity as linePrice } from '../../../shared/trade-pricing.ts';

/**
 * A requested line priced for staff at its quantity, by the one pricing rule the buyer's plant list
 * and quote form use (shared/trade-pricing.ts); null prices when the line has none (price on request).
 */
export function priceForQuantity(trade: CatalogueTrade, quantity: number): QuoteLineNow {
  const price = linePrice(trade, quantity);
  return {
    trade,
    unit_price_pence: price?.unit_pence ?? null,
    break_min_quantity: price?.break?.min_quantity ?? null,
    line_total_pence: price?.total_pence ?? null,
  };
}
