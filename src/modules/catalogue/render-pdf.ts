import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { CatalogueTrade } from '../../../shared/api/catalogue.ts';
import { availabilityText, PRICE_ON_REQUEST, priceText } from '../../../shared/trade-text.ts';
import type { BusinessDetails } from '../../config.ts';
import { FORM_KEY, issueDateLong } from './constants.ts';
import { priceListTitle, PRICES_EXCLUDE_VAT, shortCompany, type PriceListHeading } from './price-list-heading.ts';
import { drawCell, layoutCell, rememberWidths, type CellLayout, type TextRun } from './pdf-cell-layout.ts';
import { createPageTotals, type PageTotals } from './pdf-page-total.ts';
import type { CatalogueRow } from './store.ts';

/** What the PDF prints besides the rows: who issues it, and when. */
export interface PdfMeta {
  business: BusinessDetails;
  issued: Date;
  /** A trade buyer's price list: names the buyer, adds Price and Availability columns. Never for the public file. */
  priceList?: PriceListHeading;
}

/** A row as the renderers take it: a catalogue line, and on a price list its trade columns. */
export type RenderRow = CatalogueRow & { trade?: CatalogueTrade };

/** Streaming writer of the printed catalogue: rows are laid out as they are read, pages written as they fill. */
export interface CataloguePdf {
  add(row: RenderRow): void;
  /** Fills in the page count ("Page X of Y"), ends the document, waits for the file. */
  finish(): Promise<{ rows: number; pages: number }>;
}

// A4 portrait in points, with room below the table for the footer.
const MARGIN = { top: 40, bottom: 50, left: 40, right: 40 };
const CONTENT_WIDTH = 595.28 - MARGIN.left - MARGIN.right;
const COLOURS = {
  brand: '#2f5d34',
  tint: '#e3ece0',
  stripe: '#f6f8f5',
  rule: '#d3dccf',
  text: '#1f2420',
  muted: '#5b675d',
  white: '#ffffff',
};
const PAD_X = 6;
const PAD_Y = 4;
const BODY_SIZE = 9;
const FOOTER_SIZE = 7.5;

type Column = { key: 'code' | 'species' | 'common_name' | 'form' | 'height' | 'price' | 'availability'; label: string; width: number };
// The product code first: what a buyer quotes when ordering by phone or mail.
const PUBLIC_COLUMNS: Column[] = [
  { key: 'code', label: 'Code', width: 100 },
  { key: 'species', label: 'Species', width: 170 },
  { key: 'common_name', label: 'Common name', width: 132 },
  { key: 'form', label: 'Form', width: 52 },
  { key: 'height', label: 'Height (cm)', width: CONTENT_WIDTH - 454 },
];
/** The price list's columns: the same table, narrower, with Price (and its breaks) and Availability. */
const PRICED_COLUMNS: Column[] = [
  { key: 'code', label: 'Code', width: 96 },
  { key: 'species', label: 'Species', width: 64 },
  { key: 'common_name', label: 'Common name', width: 62 },
  { key: 'form', label: 'Form', width: 36 },
  { key: 'height', label: 'Height (cm)', width: 46 },
  { key: 'price', label: 'Price', width: 100 },
  { key: 'availability', label: 'Availability', width: CONTENT_WIDTH - 404 },
];
const HEADER_HEIGHT = 20;
/** The extra height of a header band whose labels wrap onto a second line. */
const HEADER_LINE = 10;
const GENUS_HEIGHT = 19;

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

/** Page 1: title, company, issue date, contact and registration details, and the key. */
function titleBlock(doc: PDFKit.PDFDocument, business: BusinessDetails, issued: string): number {
  const left = MARGIN.left;
  const right = { x: left + CONTENT_WIDTH / 2, width: CONTENT_WIDTH / 2 };
  let y = MARGIN.top;

  doc.font('Helvetica-Bold').fontSize(26).fillColor(COLOURS.brand).text('Trade Catalogue', left, y, { lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(COLOURS.text)
    .text(business.name, left, y + 34, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(COLOURS.muted)
    .text(`Issued ${issued}`, left, y + 52, { lineBreak: false });

  doc.font('Helvetica').fontSize(9).fillColor(COLOURS.text);
  const contact = [business.address, `Telephone ${business.telephone}`, business.email];
  let cy = y + 6;
  for (const line of contact) {
    doc.text(line, right.x, cy, { width: right.width, align: 'right' });
    cy = doc.y + 2;
  }
  y = Math.max(y + 70, cy) + 6;

  doc
    .moveTo(left, y)
    .lineTo(left + CONTENT_WIDTH, y)
    .lineWidth(1.5)
    .strokeColor(COLOURS.brand)
    .stroke();
  y += 7;
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(COLOURS.muted)
    .text(
      `Company number ${business.companyNumber}   ·   VAT number ${business.vatNumber}   ·   Plant health registration ${business.plantHealthNumber}`,
      left,
      y,
      { width: CONTENT_WIDTH, align: 'center' },
    );
  y = doc.y + 12;

  // The key, in a tinted box so it reads as a note rather than part of the table.
  const keyTop = y;
  const lineHeight = 12;
  const boxHeight = 22 + FORM_KEY.length * lineHeight;
  doc.rect(left, keyTop, CONTENT_WIDTH, boxHeight).fillColor(COLOURS.stripe).fill();
  doc.rect(left, keyTop, CONTENT_WIDTH, boxHeight).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(COLOURS.brand)
    .text('Key', left + 10, keyTop + 8, { lineBreak: false });
  FORM_KEY.forEach(({ form, meaning }, i) => {
    const ly = keyTop + 22 + i * lineHeight - 2;
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .fillColor(COLOURS.text)
      .text(form, left + 10, ly, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(COLOURS.text)
      .text(meaning, left + 80, ly, { width: CONTENT_WIDTH - 90, lineBreak: false });
  });
  return keyTop + boxHeight + 16;
}

/**
 * Page 1 of a buyer's price list: whose it is, when issued and until when valid, that its prices
 * exclude VAT, and the nursery's contact details; no key (the buyer has the public catalogue's).
 */
function priceListTitleBlock(doc: PDFKit.PDFDocument, business: BusinessDetails, issued: string, priceList: PriceListHeading): number {
  const left = MARGIN.left;
  const half = CONTENT_WIDTH / 2;
  const y = MARGIN.top;

  doc.font('Helvetica-Bold').fontSize(24).fillColor(COLOURS.brand).text('Trade price list', left, y, { lineBreak: false });
  // The company may be long: it wraps in the left half rather than running under the contact block.
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(COLOURS.text)
    .text(`for ${priceList.company}`, left, y + 32, { width: half + 20 });
  let ly = doc.y + 4;
  doc.font('Helvetica').fontSize(10).fillColor(COLOURS.muted);
  doc.text(`Issued ${issued}  ·  Valid until ${issueDateLong(priceList.validUntil)}`, left, ly, { width: half + 20 });
  ly = doc.y + 3;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(COLOURS.brand)
    .text(`${PRICES_EXCLUDE_VAT}.`, left, ly, { width: half + 20 });
  ly = doc.y;

  let cy = y + 4;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(COLOURS.text)
    .text(business.name, left + half, cy, { width: half, align: 'right' });
  cy = doc.y + 2;
  doc.font('Helvetica').fontSize(9).fillColor(COLOURS.text);
  for (const line of [business.address, `Telephone ${business.telephone}`, business.email]) {
    doc.text(line, left + half, cy, { width: half, align: 'right' });
    cy = doc.y + 2;
  }
  let bottom = Math.max(ly, cy) + 8;
  doc
    .moveTo(left, bottom)
    .lineTo(left + CONTENT_WIDTH, bottom)
    .lineWidth(1.5)
    .strokeColor(COLOURS.brand)
    .stroke();
  bottom += 7;
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(COLOURS.muted)
    .text(
      `A line without a price is priced on request.   ·   VAT number ${business.vatNumber}   ·   Plant health registration ${business.plantHealthNumber}`,
      left,
      bottom,
      { width: CONTENT_WIDTH, align: 'center' },
    );
  return doc.y + 12;
}

/**
 * The column header row (green band, white bold labels). A label wider than its column (the price
 * list's narrow columns) wraps onto a second line and the band grows to hold it.
 */
function tableHeader(doc: PDFKit.PDFDocument, y: number, columns: Column[]): number {
  doc.font('Helvetica-Bold').fontSize(8.5);
  const wraps = columns.some((column) => doc.widthOfString(column.label) > column.width - 2 * PAD_X);
  const height = wraps ? HEADER_HEIGHT + HEADER_LINE : HEADER_HEIGHT;
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fillColor(COLOURS.brand).fill();
  doc.fillColor(COLOURS.white);
  let x = MARGIN.left;
  for (const column of columns) {
    doc.text(column.label, x + PAD_X, y + 6, { width: column.width - 2 * PAD_X, lineGap: 0 });
    x += column.width;
  }
  return y + height;
}

/** A genus heading: bold on a tinted band across the table. */
function genusHeading(doc: PDFKit.PDFDocument, y: number, genus: string, continued: boolean): number {
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, GENUS_HEIGHT).fillColor(COLOURS.tint).fill();
  doc.font('Helvetica-Bold').fontSize(10).fillColor(COLOURS.brand);
  doc.text(genus, MARGIN.left + PAD_X, y + 5, { continued, lineBreak: false, width: CONTENT_WIDTH - 2 * PAD_X });
  if (continued) doc.font('Helvetica-Oblique').fontSize(8.5).fillColor(COLOURS.muted).text('  (continued)', { lineBreak: false });
  return y + GENUS_HEIGHT;
}

/** Splits "palmatum 'Bloodgood'" so the botanical name is italic and the cultivar roman. */
function speciesParts(species: string): [string, string] {
  const at = species.search(/['‘"“]/);
  return at > 0 ? [species.slice(0, at), species.slice(at)] : [species, ''];
}

/** A cell's words: the line's own fields, and on a price list its price (with breaks) and availability. */
function cellText(row: RenderRow, key: Column['key']): string {
  if (key === 'price') return (row.trade && priceText(row.trade)) || PRICE_ON_REQUEST;
  if (key === 'availability') return row.trade ? availabilityText(row.trade) : '';
  return row[key];
}

/** A row laid out once: each column's cell, and the height the tallest one needs. */
interface RowLayout {
  cells: CellLayout[];
  height: number;
}

/** Lays out each cell of a row once; the species sets its botanical name in italic, a cultivar in roman. */
function layoutRow(doc: PDFKit.PDFDocument, row: RenderRow, columns: Column[]): RowLayout {
  let tallest = 0;
  const cells = columns.map((column) => {
    const text = cellText(row, column.key);
    let runs: TextRun[];
    if (column.key === 'species') {
      const [botanical, cultivar] = speciesParts(text);
      runs = cultivar
        ? [
            { text: botanical, font: 'Helvetica-Oblique' },
            { text: cultivar, font: 'Helvetica' },
          ]
        : [{ text: botanical, font: 'Helvetica-Oblique' }];
    } else {
      runs = [{ text, font: 'Helvetica' }];
    }
    const cell = layoutCell(doc, runs, { width: column.width - 2 * PAD_X, size: BODY_SIZE });
    tallest = Math.max(tallest, cell.height);
    return cell;
  });
  return { cells, height: tallest + 2 * PAD_Y };
}

function tableRow(doc: PDFKit.PDFDocument, y: number, row: RowLayout, columns: Column[], striped: boolean): number {
  const { height } = row;
  if (striped) doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fillColor(COLOURS.stripe).fill();
  doc
    .moveTo(MARGIN.left, y + height)
    .lineTo(MARGIN.left + CONTENT_WIDTH, y + height)
    .lineWidth(0.4)
    .strokeColor(COLOURS.rule)
    .stroke();
  doc.fontSize(BODY_SIZE).fillColor(COLOURS.text);
  let x = MARGIN.left;
  columns.forEach((column, i) => {
    drawCell(doc, row.cells[i]!, x + PAD_X, y + PAD_Y + 1);
    x += column.width;
  });
  return y + height;
}

/** Where the footer's text line sits: the same on every page. */
const footerY = (doc: PDFKit.PDFDocument) => doc.page.height - 34;

/**
 * The furniture of page `page`: its running header (pages after the first) and its footer, with
 * the page number's "of Y" reserved for the end. The bottom margin is lifted while writing the
 * footer, or pdfkit would treat text below it as overflow and add a page.
 */
function pageFurniture(
  doc: PDFKit.PDFDocument,
  totals: PageTotals,
  page: number,
  labels: { footer: string; header: string },
  issued: string,
): void {
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = footerY(doc);
  doc
    .moveTo(MARGIN.left, y - 6)
    .lineTo(MARGIN.left + CONTENT_WIDTH, y - 6)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  doc.font('Helvetica').fontSize(FOOTER_SIZE).fillColor(COLOURS.muted);
  // All but the room "Page 99 of 99" needs at the right.
  doc.text(`${labels.footer}  ·  Issued ${issued}`, MARGIN.left, y, { width: CONTENT_WIDTH - 60, lineBreak: false });
  totals.reserve(page);
  if (page > 1) {
    doc.font('Helvetica').fontSize(FOOTER_SIZE).fillColor(COLOURS.muted);
    doc.text(labels.header, MARGIN.left, 24, { width: CONTENT_WIDTH * 0.7, lineBreak: false });
    doc.text(`Issued ${issued}`, MARGIN.left, 24, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
  }
  doc.page.margins.bottom = margin;
}
