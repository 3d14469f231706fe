import type { Deps } from '../../deps.ts';
import type { PriceListHeading } from './price-list-heading.ts';
import { createCataloguePdf } from './render-pdf.ts';
import { createCatalogueXlsx } from './render-xlsx.ts';
import { TRADE_VIEWER } from '../../viewer.ts';
import { maxPriceBreaks, rowsInOrder } from './store.ts';

/**
 * Renders the whole catalogue WITH trade prices and availability into `files.pdf` and
 * `files.xlsx`, headed with the buyer's company, the issue date (`issued`), the validity and the
 * VAT note: the public renderers with their price columns, fed the rows with their trade columns.
 * Only for an approved buyer's price list (src/modules/trade/price-list-job.ts); the public files
 * go through render-job.ts, which never reads a price.
 */
export async function renderPricedCatalogue(
  deps: Pick<Deps, 'db' | 'config'>,
  files: { pdf: string; xlsx: string },
  heading: PriceListHeading & { issued: Date },
): Promise<{ rows: number }> {
  const { issued, ...priceList } = heading;
  const business = deps.config.business;
  // The workbook's columns are fixed before its first row: as many break pairs as any line has.
  const breakColumns = await maxPriceBreaks(deps.db);
  const pdf = createCataloguePdf(files.pdf, { business, issued, priceList });
  const xlsx = createCatalogueXlsx(files.xlsx, { business, issued, priceList: { ...priceList, breakColumns } });
  for await (const batch of rowsInOrder(deps.db, TRADE_VIEWER, 500)) {
    for (const row of batch) {
      pdf.add(row);
      xlsx.add(row);
    }
  }
  const [{ rows }] = await Promise.all([pdf.finish(), xlsx.finish()]);
  return { rows };
}
