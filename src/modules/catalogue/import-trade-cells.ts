import { STOCK_STATUSES } from '../../../shared/api/catalogue.ts';

/** The optional trade columns of an import, by their normalised header text. */
export const TRADE_HEADERS = {
  price: 'price_pence',
  'price pence': 'price_pence',
  'price breaks': 'price_breaks',
  stock: 'stock_status',
  'stock status': 'stock_status',
  'stock quantity': 'stock_quantity',
  'ready from': 'ready_from',
} as const;
export type TradeColumn = (typeof TRADE_HEADERS)[keyof typeof TRADE_HEADERS];

export const BREAKS_HELP = 'The price breaks must look like "10:450; 50:400" (quantity:price in pence).';

/**
 * A row's trade cells as input for the catalogue's item schema, which then validates them as it
 * does the admin form's. A column the file does not have stays undefined (the import keeps what the
 * line had); a column with an empty cell is null (cleared). Whole numbers in pence, as the breaks.
 * Returns an error message instead when the breaks are not in their "qty:pence; …" shape.
 */
export function tradeCells(cell: (column: TradeColumn) => string | undefined): Record<TradeColumn, unknown> | string {
  const text = (column: TradeColumn) => {
    const value = cell(column);
    return value === undefined ? undefined : value === '' ? null : value;
  };
  const number = (column: TradeColumn) => {
    const value = text(column);
    // "1,250" from a formatted cell is 1250; anything else not a number is left for the schema to refuse.
    return typeof value === 'string' && /^-?[\d,]+(\.\d+)?$/.test(value) ? Number(value.replace(/,/g, '')) : value;
  };
  const breaks = text('price_breaks');
  let price_breaks: unknown = breaks;
  if (typeof breaks === 'string') {
    const parts = breaks.split(/[;\n]/).map((p) => p.trim()).filter(Boolean);
    const parsed = parts.map((p) => /^(\d{1,9})\s*[:=]\s*(\d{1,9})$/.exec(p));
    if (parsed.some((m) => !m)) return BREAKS_HELP;
    price_breaks = parsed.map((m) => ({ min_quantity: Number(m![1]), price_pence: Number(m![2]) }));
  }
  const stock = text('stock_status');
  const status = typeof stock === 'string' ? (STOCK_STATUSES.find((s) => s === stock.toLowerCase().replace(/[\s-]+/g, '_')) ?? stock) : stock;
  return {
    price_pence: number('price_pence'),
    price_breaks,
    stock_status: status,
    stock_quantity: number('stock_quantity'),
    ready_from: text('ready_from'),
  };
}
