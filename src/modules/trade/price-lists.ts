import type { Db } from '../../db.ts';
import type { PriceListStatus } from '../../../shared/api/trade.ts';

/** Where a buyer downloads their own price list (always their own: the session says whose). */
const PRICE_LIST_URLS = { pdf: '/downloads/price-list.pdf', xlsx: '/downloads/price-list.xlsx' } as const;

/** How long a price list's prices hold, printed on it as "Valid until …" (the nursery's terms). */
const PRICE_LIST_VALID_DAYS = 30;

/** The date a list issued at `issued` stops being valid. */
export const priceListValidUntil = (issued: Date) => new Date(issued.getTime() + PRICE_LIST_VALID_DAYS * 24 * 60 * 60 * 1000);

/** A `price_lists` row. */
export interface PriceListRow {
  user_id: number;
  requested_at: Date;
  generated_at: Date | null;
  pdf_key: string | null;
  pdf_bytes: string | number | null;
  xlsx_key: string | null;
  xlsx_bytes: string | number | null;
}

export const findPriceList = async (db: Db, userId: number) =>
  (await db('price_lists').where({ user_id: userId }).first()) as PriceListRow | undefined;

/** The status a buyer sees: pending while the newest request is not rendered yet. */
export function presentPriceList(row: PriceListRow | undefined): PriceListStatus {
  if (!row) return { status: 'none' };
  const ready = row.generated_at !== null && new Date(row.generated_at) >= new Date(row.requested_at);
  const files =
    row.generated_at && row.pdf_key && row.xlsx_key
      ? { generated_at: new Date(row.generated_at).toISOString(), pdf: PRICE_LIST_URLS.pdf, xlsx: PRICE_LIST_URLS.xlsx }
      : {};
  return { status: ready ? 'ready' : 'pending', ...files };
}
