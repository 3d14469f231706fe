import type { CatalogueDownload, CatalogueLine, CatalogueTrade } from '../../../shared/api/catalogue.ts';
import { DOWNLOADS, type CatalogueFormat } from './constants.ts';
import type { CatalogueFile } from './model.ts';
import type { Viewer } from '../../viewer.ts';
import type { ViewedRow } from './store.ts';

/**
 * A catalogue line as the API shows it: an explicit field list, never the whole row; `trade` only
 * for a trade viewer, from the row's `trade` object (store.ts tradeColumn). A trade viewer's row
 * read without it is a bug in the caller, refused rather than shown as "no price".
 */
export function presentItem(item: ViewedRow, viewer: Viewer): CatalogueLine {
  const line: CatalogueLine = {
    id: item.id,
    code: item.code,
    genus: item.genus,
    species: item.species,
    common_name: item.common_name,
    form: item.form,
    height: item.height,
  };
  if (viewer.trade) {
    if (!item.trade) throw new Error(`Catalogue line ${item.id} was read for a trade viewer without its trade column.`);
    line.trade = presentTrade(item.trade);
  }
  if (item.retired_at) line.retired_at = new Date(item.retired_at).toISOString();
  return line;
}

const presentTrade = (trade: CatalogueTrade): CatalogueTrade => ({
  price_pence: trade.price_pence,
  price_breaks: trade.price_breaks,
  stock_status: trade.stock_status,
  stock_quantity: trade.stock_quantity,
  ready_from: trade.ready_from,
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
