import type { CatalogueTrade, PriceBreak, StockStatus } from '../../../../../shared/api/catalogue.ts';
import { poundsInput, readPrice } from '../../../../../shared/money.ts';

/** One price break as its two inputs hold it; `key` keeps React's rows apart when one is removed. */
export interface BreakDraft {
  key: number;
  min_quantity: string;
  price: string;
}

/** A line's trade fields as the modal's inputs hold them: text as typed, prices in pounds. */
export interface TradeDraft {
  price: string;
  breaks: BreakDraft[];
  stock_status: StockStatus | '';
  stock_quantity: string;
  ready_from: string;
}

/** The messages the Trade fieldset shows, from the browser's own checks or the server's 422. */
export interface TradeErrors {
  price?: string;
  /** About the list as a whole (order, too many). */
  breaks?: string;
  /** By the index of the row on screen. */
  breakRows?: Record<number, { min_quantity?: string; price?: string }>;
  stock_status?: string;
  stock_quantity?: string;
  ready_from?: string;
}

let nextKey = 0;
/** An empty break row. */
export const newBreak = (): BreakDraft => ({ key: nextKey++, min_quantity: '', price: '' });

/** The draft of a line's trade fields (an added line: all empty). */
export function draftOf(trade: CatalogueTrade | undefined): TradeDraft {
  return {
    price: poundsInput(trade?.price_pence ?? null),
    breaks: (trade?.price_breaks ?? []).map((b) => ({
      key: nextKey++,
      min_quantity: String(b.min_quantity),
      price: poundsInput(b.price_pence),
    })),
    stock_status: trade?.stock_status ?? '',
    stock_quantity: trade?.stock_quantity === null || trade?.stock_quantity === undefined ? '' : String(trade.stock_quantity),
    ready_from: trade?.ready_from ?? '',
  };
}

const BREAK_PRICE_NEEDED = 'Enter the break price, e.g. 2.25';
const wholeNumber = (text: string): number | null | undefined =>
  text.trim() === '' ? null : /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined;

/** What a draft sends: the trade fields of POST/PATCH /api/catalogue, and which screen row each sent break is. */
export interface TradeRequest {
  body: CatalogueTrade;
  /** `breakRows[i]` is the screen row of `body.price_breaks[i]` (empty rows are not sent). */
  breakRows: number[];
}

/**
 * The request body's trade fields, or the messages for what the browser can already tell is wrong
 * (a price that is not pounds and pence, by the en-GB rule of shared/money.ts that the import reads
 * with too: "2,50" is refused, never £250.00). The rest (ranges, order, the ready-from rule) is the
 * server's to say. The date goes only with the "ready from" status (the server would clear it).
 */
export function tradeRequest(draft: TradeDraft): TradeRequest | { errors: TradeErrors } {
  const errors: TradeErrors = {};
  const price = readPrice(draft.price);
  if (price.error !== undefined) errors.price = price.error;
  const stock_quantity = wholeNumber(draft.stock_quantity);
  if (stock_quantity === undefined) errors.stock_quantity = 'The stock quantity must be a whole number.';

  const price_breaks: PriceBreak[] = [];
  const breakRows: number[] = [];
  draft.breaks.forEach((row, index) => {
    if (row.min_quantity.trim() === '' && row.price.trim() === '') return;
    const min_quantity = wholeNumber(row.min_quantity);
    const breakPrice = readPrice(row.price);
    const priceError = breakPrice.error ?? (breakPrice.pence === null ? BREAK_PRICE_NEEDED : undefined);
    const rowErrors = {
      ...(min_quantity === null || min_quantity === undefined ? { min_quantity: 'The break quantity must be a whole number.' } : {}),
      ...(priceError ? { price: priceError } : {}),
    };
    if (Object.keys(rowErrors).length) (errors.breakRows ??= {})[index] = rowErrors;
    else {
      price_breaks.push({ min_quantity: min_quantity!, price_pence: breakPrice.pence! });
      breakRows.push(index);
    }
  });
  if (Object.keys(errors).length) return { errors };

  const stock_status = draft.stock_status || null;
  return {
    body: {
      price_pence: price.pence ?? null,
      price_breaks,
      stock_status,
      stock_quantity: stock_quantity!,
      ready_from: stock_status === 'ready_from' ? draft.ready_from || null : null,
    },
    breakRows,
  };
}

const FIELD_KEYS = ['stock_status', 'stock_quantity', 'ready_from'] as const;

/**
 * The trade fields' messages in a 422 body's `errors`: `price_pence`, `price_breaks` (the list) and
 * `price_breaks.N.min_quantity` / `price_breaks.N.price_pence` (one sent break, mapped back to its
 * row on screen), and the three plain fields. First message per field, as the modal shows them.
 */
export function tradeErrorsOf(errors: Record<string, unknown>, breakRows: number[]): TradeErrors {
  const first = (value: unknown) => {
    const message = Array.isArray(value) ? value[0] : value;
    return typeof message === 'string' && message ? message : undefined;
  };
  const result: TradeErrors = {};
  const price = first(errors.price_pence);
  if (price) result.price = price;
  const list = first(errors.price_breaks);
  if (list) result.breaks = list;
  for (const key of FIELD_KEYS) {
    const message = first(errors[key]);
    if (message) result[key] = message;
  }
  for (const [key, value] of Object.entries(errors)) {
    const match = /^price_breaks\.(\d+)(?:\.(min_quantity|price_pence))?$/.exec(key);
    const message = first(value);
    if (!match || !message) continue;
    const row = breakRows[Number(match[1])];
    if (row === undefined) continue;
    const field = match[2] === 'price_pence' ? 'price' : 'min_quantity';
    const rowErrors = ((result.breakRows ??= {})[row] ??= {});
    rowErrors[field] ??= message;
  }
  return result;
}

/** Whether there is any message to show. */
export const hasTradeErrors = (errors: TradeErrors) => Object.keys(errors).length > 0;
