import { STOCK_STATUSES, type PriceBreak, type StockStatus } from '../../../shared/api/catalogue.ts';
import { readPrice } from '../../../shared/money.ts';
import { MAX_BREAKS } from './constants.ts';
import { isoDay, readDay, READY_FROM_HELP } from './import-dates.ts';

/**
 * The trade columns of an import, as the staff workbook (staff-workbook.ts) writes them: prices in
 * pounds by the en-GB rule of shared/money.ts, each price break in its own pair of columns. One
 * module reads and names them, so the workbook, the import and its messages cannot drift apart.
 */

/** A cell as the sheet holds it: text (every CSV cell), a number or a date (xlsx); undefined when the sheet has no such column. */
export type RawCell = string | number | Date | undefined;

/** The single-valued trade columns, by the header the staff workbook writes. */
export const TRADE_HEADERS = {
  price: 'Price (£)',
  stock_status: 'Stock status',
  stock_quantity: 'Stock quantity',
  ready_from: 'Ready from',
} as const;
export type TradeColumn = keyof typeof TRADE_HEADERS;

/** A price break's pair of columns, numbered from 1. */
export type BreakColumn = { break: number; part: 'quantity' | 'price' };
export const breakHeader = ({ break: n, part }: BreakColumn) => (part === 'quantity' ? `Break ${n} quantity` : `Break ${n} price (£)`);

/** How each trade column is named in a row's message ("Row 7: Price — …"). */
const LABELS: Record<TradeColumn, string> = {
  price: 'Price',
  stock_status: 'Stock status',
  stock_quantity: 'Stock quantity',
  ready_from: 'Ready from',
};
const breakLabel = ({ break: n, part }: BreakColumn) => `Break ${n} ${part}`;

/** The stock statuses as the workbook words them; the import also takes the API's own values. */
export const STOCK_LABELS: Record<StockStatus, string> = {
  in_stock: 'In stock',
  limited: 'Limited',
  ready_from: 'Ready from',
  out_of_stock: 'Out of stock',
};

const SEE_WORKBOOK = 'Download the staff workbook for the columns the import reads.';
const OLD_PRICE_HEADER = `A price column must be named "Price (£)" and hold pounds, e.g. 2.50. A "Price" or "Price pence" column is not read, so that pence are never taken for pounds. ${SEE_WORKBOOK}`;
const OLD_BREAKS_HEADER = `The "Price breaks" column is no longer read: give each break its own "Break 1 quantity" and "Break 1 price (£)" columns, prices in pounds. ${SEE_WORKBOOK}`;

/** Normalised header text (import.ts's key) → a trade column. */
const SIMPLE: Record<string, TradeColumn> = {
  'price £': 'price',
  'price gbp': 'price',
  'trade price £': 'price',
  stock: 'stock_status',
  'stock status': 'stock_status',
  'stock quantity': 'stock_quantity',
  'ready from': 'ready_from',
};
/** Headers of the pence layout before issue 16: refused rather than read in the wrong unit. */
const OLD: Record<string, string> = {
  price: OLD_PRICE_HEADER,
  'price pence': OLD_PRICE_HEADER,
  'price p': OLD_PRICE_HEADER,
  'trade price': OLD_PRICE_HEADER,
  'price breaks': OLD_BREAKS_HEADER,
};

/** What one header cell is: a trade column, a break column, a refusal to explain, or not a trade column. */
export type TradeHeader = { column: TradeColumn } | { breakColumn: BreakColumn } | { error: string } | undefined;

/** Reads a header cell already normalised by import.ts (lower case, brackets and punctuation as spaces). */
export function tradeHeader(key: string): TradeHeader {
  if (SIMPLE[key]) return { column: SIMPLE[key] };
  if (OLD[key]) return { error: OLD[key] };
  const match = /^break (\d{1,3}) (quantity|qty|price £|price gbp|price)$/.exec(key);
  // Any other column about prices is one staff meant the import to read: refused, not ignored.
  if (!match) return /\b(price|prices|pence)\b/.test(key) ? { error: OLD_PRICE_HEADER } : undefined;
  const n = Number(match[1]);
  if (match[2] === 'price')
    return { error: `The column "Break ${n} price" must be named "Break ${n} price (£)" and hold pounds, e.g. 2.25.` };
  if (n < 1 || n > MAX_BREAKS) return { error: `There may be at most ${MAX_BREAKS} price breaks: columns Break 1 to Break ${MAX_BREAKS}.` };
  return { breakColumn: { break: n, part: match[2]!.startsWith('price') ? 'price' : 'quantity' } };
}

/** The break numbers a header has, each with both its columns; or the message for a half pair. */
export function breakNumbers(found: BreakColumn[]): number[] | string {
  const numbers = [...new Set(found.map((c) => c.break))].sort((a, b) => a - b);
  for (const n of numbers) {
    for (const part of ['quantity', 'price'] as const) {
      if (!found.some((c) => c.break === n && c.part === part)) {
        const other = part === 'price' ? 'quantity' : 'price';
        return `The column "${breakHeader({ break: n, part })}" is missing beside "${breakHeader({ break: n, part: other })}".`;
      }
    }
  }
  return numbers;
}

/** A row's trade fields, as input for the catalogue's item schema (which checks ranges and order). */
export interface TradeFields {
  price_pence?: number | null;
  price_breaks?: PriceBreak[];
  stock_status?: StockStatus | null;
  stock_quantity?: number | null;
  ready_from?: string | null;
}

/** A row's cell in a single column, or in one of a break's pair. */
export type TradeCellReader = (column: TradeColumn | BreakColumn) => RawCell;

const empty = (cell: RawCell) => cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/**
 * A row's trade cells read into fields, or the messages for the cells that cannot be read, each
 * "Column — what to do". A column the sheet does not have stays undefined (the import keeps what the
 * line had); an empty cell is null (cleared); the breaks are a list whenever the sheet has break
 * columns (empty pairs skipped, so a sheet of empty pairs clears them).
 */
export function tradeCells(
  cell: TradeCellReader,
  columns: ReadonlySet<TradeColumn>,
  breaks: readonly number[],
): TradeFields | { errors: string[] } {
  const errors: string[] = [];
  const fields: TradeFields = {};
  const read = <T>(
    column: TradeColumn,
    parse: (value: Exclude<RawCell, undefined>) => { value: T } | { error: string },
  ): T | null | undefined => {
    if (!columns.has(column)) return undefined;
    const value = cell(column);
    if (value === undefined || empty(value)) return null;
    const result = parse(value);
    if ('error' in result) {
      errors.push(`${LABELS[column]} — ${result.error}`);
      return undefined;
    }
    return result.value;
  };

  fields.price_pence = read('price', price);
  fields.stock_status = read('stock_status', stockStatus);
  fields.stock_quantity = read('stock_quantity', (v) => wholeNumber(v, '1200'));
  fields.ready_from = read('ready_from', readyFrom);

  if (breaks.length) {
    fields.price_breaks = [];
    for (const n of breaks) {
      const quantity = cell({ break: n, part: 'quantity' });
      const amount = cell({ break: n, part: 'price' });
      if (empty(quantity) && empty(amount)) continue;
      const q = empty(quantity) ? { error: 'Give the quantity this break price is from' } : wholeNumber(quantity!, '50');
      const p = empty(amount) ? { error: 'Give the price from that quantity, e.g. 2.25' } : price(amount!);
      if ('error' in q) errors.push(`${breakLabel({ break: n, part: 'quantity' })} — ${q.error}`);
      if ('error' in p) errors.push(`${breakLabel({ break: n, part: 'price' })} — ${p.error}`);
      if ('value' in q && 'value' in p) fields.price_breaks.push({ min_quantity: q.value, price_pence: p.value });
    }
  }
  if (errors.length) return { errors };
  // Only the columns the sheet has: an absent key keeps the line's value (see keptTradeFields).
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as TradeFields;
}

function price(value: Exclude<RawCell, undefined>): { value: number } | { error: string } {
  if (value instanceof Date) return { error: 'Give a price in pounds, e.g. 2.50, not a date' };
  const reading = readPrice(value);
  if (reading.error !== undefined) return { error: reading.error };
  return reading.pence === null ? { error: 'Give a price in pounds, e.g. 2.50' } : { value: reading.pence };
}

/** A count: a whole number cell, or text such as "1200" or "1,200". */
function wholeNumber(value: Exclude<RawCell, undefined>, example: string): { value: number } | { error: string } {
  const help = { error: `Use a whole number, e.g. ${example}` };
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? { value } : help;
  if (typeof value !== 'string') return help;
  const text = value.trim();
  return /^(\d{1,9}|\d{1,3}(,\d{3}){1,2})$/.test(text) ? { value: Number(text.replace(/,/g, '')) } : help;
}

function stockStatus(value: Exclude<RawCell, undefined>): { value: StockStatus } | { error: string } {
  const key = String(value)
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const status = STOCK_STATUSES.find((s) => s === key);
  return status ? { value: status } : { error: `Use one of: ${STOCK_STATUSES.map((s) => STOCK_LABELS[s]).join(', ')}` };
}

function readyFrom(value: Exclude<RawCell, undefined>): { value: string } | { error: string } {
  const day = value instanceof Date ? isoDay(value) : readDay(value);
  return day ? { value: day } : { error: READY_FROM_HELP };
}
