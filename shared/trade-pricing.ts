/**
 * A trade buyer's price arithmetic, one rule for every place that shows it (the plant list, the
 * quote form, mails and price lists): all in whole pence, so totals are exact.
 */
import type { PriceBreak } from './api/catalogue.ts';

/** What a line's price depends on (a line's `trade` fields). */
export interface Priced {
  price_pence: number | null;
  price_breaks: readonly PriceBreak[];
}

/** A line priced at a quantity. */
export interface LinePrice {
  /** Each plant's price at this quantity (the break's when one applies). */
  unit_pence: number;
  /** The price before any break; null when the line is priced by its breaks alone. */
  list_pence: number | null;
  /** The break applied, if any. */
  break: PriceBreak | null;
  total_pence: number;
  /** What the break saves against the list price over the whole quantity (0 when none). */
  saving_pence: number;
}

/**
 * The break that applies to a quantity: the one with the highest `min_quantity` not above it
 * (breaks need not arrive sorted).
 */
export function breakFor(breaks: readonly PriceBreak[], quantity: number): PriceBreak | null {
  let best: PriceBreak | null = null;
  for (const step of breaks) if (step.min_quantity <= quantity && (!best || step.min_quantity > best.min_quantity)) best = step;
  return best;
}

/** A line's price at `quantity`, or null when it has none at that quantity ("price on request"). */
export function priceForQuantity(trade: Priced | null | undefined, quantity: number): LinePrice | null {
  if (!trade || !Number.isInteger(quantity) || quantity < 1) return null;
  const step = breakFor(trade.price_breaks, quantity);
  // A break dearer than the list price is a data slip: the buyer pays the lower of the two.
  const useBreak = step !== null && (trade.price_pence === null || step.price_pence < trade.price_pence);
  const unit = useBreak ? step.price_pence : trade.price_pence;
  if (unit === null) return null;
  const saving = useBreak && trade.price_pence !== null ? (trade.price_pence - unit) * quantity : 0;
  return {
    unit_pence: unit,
    list_pence: trade.price_pence,
    break: useBreak ? step : null,
    total_pence: unit * quantity,
    saving_pence: saving,
  };
}

/** The estimated total of some lines; `unpriced` counts the lines left out (price on request). */
export interface Estimate {
  total_pence: number;
  priced: number;
  unpriced: number;
}

export function estimateTotal(lines: readonly { trade: Priced | null | undefined; quantity: number }[]): Estimate {
  const estimate: Estimate = { total_pence: 0, priced: 0, unpriced: 0 };
  for (const line of lines) {
    const price = priceForQuantity(line.trade, line.quantity);
    if (price) {
      estimate.total_pence += price.total_pence;
      estimate.priced += 1;
    } else estimate.unpriced += 1;
  }
  return estimate;
}
