import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { BusinessDetails } from '../../config.ts';
import { issueDateLong } from './constants.ts';
import { priceListTitle, PRICES_EXCLUDE_VAT, shortCompany, type PriceListHeading } from './price-list-heading.ts';
import { rememberWidths } from './pdf-cell-layout.ts';
import { footerY, pageFurniture } from './pdf-page-furniture.ts';
import { createPageTotals } from './pdf-page-total.ts';
import { BODY_SIZE, COLOURS, CONTENT_WIDTH, FOOTER_SIZE, MARGIN, PAD_X, PAD_Y } from './pdf-style.ts';
import {
  genusHeading,
  GENUS_HEIGHT,
  layoutRow,
  PRICED_COLUMNS,
  PUBLIC_COLUMNS,
  tableHeader,
  tableRow,
  type RenderRow,
} from './pdf-table.ts';
import { priceListTitleBlock, titleBlock } from './pdf-title-blocks.ts';

export type { RenderRow } from './pdf-table.ts';

/** What the PDF prints besides the rows: who issues it, and when. */
export interface PdfMeta {
  business: BusinessDetails;
  issued: Date;
  /** A trade buyer's price list: names the buyer, adds Price and Availability columns. Never for the public file. */
  priceList?: PriceListHeading;
}

/** Streaming writer of the printed catalogue: rows are laid out as they are read, pages written as they fill. */
export interface CataloguePdf {
  add(row: RenderRow): void;
  /** Fills in the page count ("Page X of Y"), ends the document, waits for the file. */
  finish(): Promise<{ rows: number; pages: number }>;
}

/**
 * Opens the PDF at `file`. Layout: a title block and key on page 1, then one table grouped by genus
 * (a tinted genus heading before each group, repeated as "continued" when a group crosses a page),
 * the column header at the top of every page, a running header on pages after the first and a
 * "Page X of Y" footer on every page. Each finished page goes to the file at once (pdfkit without
 * `bufferPages`), so memory stays flat however long the catalogue; the "of Y" is filled in at the
 * end through {@link createPageTotals}.
 */
export function createCataloguePdf(file: string, meta: PdfMeta): CataloguePdf {
  const { business } = meta;
  const { priceList } = meta;
  const columns = priceList ? PRICED_COLUMNS : PUBLIC_COLUMNS;
  const issued = issueDateLong(meta.issued);
  const title = priceList ? priceListTitle(priceList.company) : 'Trade Catalogue';
  // What each page's footer and running header call the document: one line, so a long company name is cut.
  const labels = priceList
    ? {
        footer: `${priceListTitle(shortCompany(priceList.company, 30))}  ·  ${PRICES_EXCLUDE_VAT}`,
        header: `${business.name} — ${priceListTitle(shortCompany(priceList.company))}`,
      }
    : { footer: `${business.name}  ·  Trade Catalogue`, header: `${business.name} — Trade Catalogue` };
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: false,
    info: {
      Title: `${business.name} — ${title}`,
      Author: business.name,
      Subject: `${title}, issued ${issued}`,
      CreationDate: meta.issued,
      ModDate: meta.issued,
    },
  });
  const out = createWriteStream(file);
  doc.pipe(out);
  const written = finished(out);
  const totals = createPageTotals(doc);
  rememberWidths(doc);

  const bottom = () => doc.page.height - MARGIN.bottom;
  let y = priceList ? priceListTitleBlock(doc, business, issued, priceList) : titleBlock(doc, business, issued);
  let page = 1;
  let genus: string | undefined;
  let stripe = 0;
  let rows = 0;

  /** Page furniture, drawn as a page is left (as before, when it was added over buffered pages). */
  const endPage = () => pageFurniture(doc, totals, page, labels, issued);
  const newPage = () => {
    endPage();
    doc.addPage(); // writes out the page just finished
    page++;
    y = tableHeader(doc, MARGIN.top, columns);
  };

  y = tableHeader(doc, y, columns);
  return {
    add(row) {
      const layout = layoutRow(doc, row, columns);
      const { height } = layout;
      if (row.genus !== genus) {
        // Keep a genus heading with room for two lines under it: never alone at the foot of a page.
        if (y + GENUS_HEIGHT + 2 * height > bottom()) newPage();
        y = genusHeading(doc, y, row.genus, false);
        genus = row.genus;
        stripe = 0;
      } else if (y + height > bottom()) {
        newPage();
        y = genusHeading(doc, y, row.genus, true);
      }
      y = tableRow(doc, y, layout, columns, stripe++ % 2 === 1);
      rows++;
    },
    async finish() {
      if (rows === 0) {
        doc
          .font('Helvetica-Oblique')
          .fontSize(BODY_SIZE)
          .fillColor(COLOURS.muted)
          .text('The catalogue is currently empty.', MARGIN.left + PAD_X, y + PAD_Y);
      }
      endPage();
      totals.fill(page, (number, total) => {
        // Right-aligned by hand (as pdfkit's `align: 'right'` places it): no wrapper, no page break.
        const label = `Page ${number} of ${total}`;
        doc.font('Helvetica').fontSize(FOOTER_SIZE).fillColor(COLOURS.muted);
        doc.text(label, MARGIN.left + CONTENT_WIDTH - doc.widthOfString(label), footerY(doc), { lineBreak: false });
      });
      doc.end();
      await written;
      return { rows, pages: page };
    },
  };
}
