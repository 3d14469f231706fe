import type { CatalogueTrade } from '../../../shared/api/catalogue.ts';
import type { QuoteLineNow } from '../../../shared/api/quotes.ts';

/**
 * The unit price of `quantity` plants of a line: the price of the highest break the quantity
 * reaches, else the list price; null prices when neither applies (price on request).
 */
export function priceForQuantity(trade: CatalogueTrade, quantity: number): QuoteLineNow {
  const reached = trade.price_breaks.reduce<CatalogueTrade['price_breaks'][number] | undefined>(
    (best, step) => (step.min_quantity <= quantity && (!best || step.min_quantity > best.min_quantity) ? step : best),
    undefined,
  );
  const unit = reached?.price_pence ?? trade.price_pence;
  return {
    trade,
    unit_price_pence: unit,
    break_min_quantity: reached?.min_quantity ?? null,
    line_total_pence: unit === null ? null : unit * quantity,
  };
}
