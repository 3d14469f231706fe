import type { Deps } from '../../deps.ts';
import { availabilityText, priceText } from './price-text.ts';
import { createCataloguePdf } from './render-pdf.ts';
import { createCatalogueXlsx } from './render-xlsx.ts';
import { TRADE_VIEWER } from '../../viewer.ts';
import { rowsInOrder } from './store.ts';

/**
 * Renders the whole catalogue WITH trade prices and availability into `files.pdf` and
 * `files.xlsx`: the public renderers with their price columns, fed the rows with their trade
 * columns. Only for an approved buyer's price list (src/modules/trade/price-list-job.ts); the public
 * files go through render-job.ts, which never reads a price.
 */
export async function renderPricedCatalogue(deps: Pick<Deps, 'db' | 'config'>, files: { pdf: string; xlsx: string }): Promise<{ rows: number }> {
  const meta = { business: deps.config.business, issued: new Date(), priced: true };
  const pdf = createCataloguePdf(files.pdf, meta);
  const xlsx = createCatalogueXlsx(files.xlsx, meta);
  for await (const batch of rowsInOrder(deps.db, TRADE_VIEWER, 500)) {
    for (const { trade, ...row } of batch) {
      const priced = { ...row, price: priceText(trade), availability: availabilityText(trade) };
      pdf.add(priced);
      xlsx.add(priced);
    }
  }
  const [{ rows }] = await Promise.all([pdf.finish(), xlsx.finish()]);
  return { rows };
}
