import type { CatalogueDownload, CatalogueLine, CatalogueTrade } from '../../../shared/api/catalogue.ts';
import { DOWNLOADS, type CatalogueFormat } from './constants.ts';
import type { CatalogueFile } from './model.ts';
import type { CatalogueRow } from './store.ts';

/**
 * Who a catalogue answer is for. Every caller says so explicitly (there is no default), so a new
 * caller — a page render, a download, a job — cannot show trade prices by forgetting an argument.
 */
export interface CatalogueViewer {
  /** An approved trade buyer or staff: sees prices and availability. */
  readonly trade: boolean;
}
/** Anyone who is not an approved trade buyer: guests, pending or rejected applicants, pages, public files. */
export const PUBLIC_VIEWER: CatalogueViewer = Object.freeze({ trade: false });
/** An approved trade buyer, or staff. */
export const TRADE_VIEWER: CatalogueViewer = Object.freeze({ trade: true });

/** A line's trade columns as read for the presenter (`ready_from` already as YYYY-MM-DD). */
export type TradeColumns = CatalogueTrade;

/** A catalogue line as the API shows it: an explicit field list, never the whole row; `trade` only for a trade viewer. */
export function presentItem(item: CatalogueRow & { trade?: TradeColumns }, viewer: CatalogueViewer): CatalogueLine {
  const line: CatalogueLine = {
    id: item.id,
    code: item.code,
    genus: item.genus,
    species: item.species,
    common_name: item.common_name,
    form: item.form,
    height: item.height,
  };
  if (viewer.trade) line.trade = presentTrade(item.trade);
  if (item.retired_at) line.retired_at = new Date(item.retired_at).toISOString();
  return line;
}

const presentTrade = (trade: TradeColumns | undefined): CatalogueTrade => ({
  price_pence: trade?.price_pence ?? null,
  price_breaks: trade?.price_breaks ?? [],
  stock_status: trade?.stock_status ?? null,
  stock_quantity: trade?.stock_quantity ?? null,
  ready_from: trade?.ready_from ?? null,
});

/** A generated file as the downloads list shows it: the public URL, never the storage key. */
export function presentDownload(format: CatalogueFormat, file: CatalogueFile | undefined): CatalogueDownload | null {
  if (!file) return null;
  return {
    url: DOWNLOADS[format].url,
    bytes: Number(file.bytes),
    rows: file.rows,
    revision: file.revision,
    generated_at: new Date(file.generated_at).toISOString(),
  };
}
