import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { BusinessDetails } from '../../config.ts';
import { FORM_KEY, issueDateLong } from './constants.ts';
import { drawCell, layoutCell, rememberWidths, type CellLayout, type TextRun } from './pdf-cell-layout.ts';
import { createPageTotals, type PageTotals } from './pdf-page-total.ts';
import type { CatalogueRow } from './store.ts';

/** What the PDF prints besides the rows: who issues it, and when. */
export interface PdfMeta {
  business: BusinessDetails;
  issued: Date;
  /** A trade buyer's price list: adds a Price column (rows carry `price`). Never for the public file. */
  priced?: boolean;
}

/** A row as the renderers take it: a catalogue line, and its price text on a price list. */
export type RenderRow = CatalogueRow & { price?: string; availability?: string };

/** Streaming writer of the printed catalogue: rows are laid out as they are read, pages written as they fill. */
export interface CataloguePdf {
  add(row: RenderRow): void;
  /** Fills in the page count ("Page X of Y"), ends the document, waits for the file. */
  finish(): Promise<{ rows: number; pages: number }>;
}

// A4 portrait in points, with room below the table for the footer.
const MARGIN = { top: 40, bottom: 50, left: 40, right: 40 };
const CONTENT_WIDTH = 595.28 - MARGIN.left - MARGIN.right;
const COLOURS = { brand: '#2f5d34', tint: '#e3ece0', stripe: '#f6f8f5', rule: '#d3dccf', text: '#1f2420', muted: '#5b675d', white: '#ffffff' };
const PAD_X = 6;
const PAD_Y = 4;
const BODY_SIZE = 9;
const FOOTER_SIZE = 7.5;

type Column = { key: 'code' | 'species' | 'common_name' | 'form' | 'height' | 'price'; label: string; width: number };
// The product code first: what a buyer quotes when ordering by phone or mail.
const PUBLIC_COLUMNS: Column[] = [
  { key: 'code', label: 'Code', width: 100 },
  { key: 'species', label: 'Species', width: 170 },
  { key: 'common_name', label: 'Common name', width: 132 },
  { key: 'form', label: 'Form', width: 52 },
  { key: 'height', label: 'Height (cm)', width: CONTENT_WIDTH - 454 },
];
/** The price list's columns: the same table with the common name narrower and a Price column. */
const PRICED_COLUMNS: Column[] = [
  { key: 'code', label: 'Code', width: 96 },
  { key: 'species', label: 'Species', width: 135 },
  { key: 'common_name', label: 'Common name', width: 87 },
  { key: 'form', label: 'Form', width: 46 },
  { key: 'height', label: 'Height (cm)', width: 56 },
  { key: 'price', label: 'Price', width: CONTENT_WIDTH - 420 },
];
const HEADER_HEIGHT = 20;
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
  const columns = meta.priced ? PRICED_COLUMNS : PUBLIC_COLUMNS;
  const issued = issueDateLong(meta.issued);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: false,
    info: {
      Title: `${business.name} — Trade Catalogue`,
      Author: business.name,
      Subject: `Trade Catalogue, issued ${issued}`,
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
  let y = titleBlock(doc, business, issued);
  let page = 1;
  let genus: string | undefined;
  let stripe = 0;
  let rows = 0;

  /** Page furniture, drawn as a page is left (as before, when it was added over buffered pages). */
  const endPage = () => pageFurniture(doc, totals, page, business.name, issued);
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
        doc.font('Helvetica-Oblique').fontSize(BODY_SIZE).fillColor(COLOURS.muted).text('The catalogue is currently empty.', MARGIN.left + PAD_X, y + PAD_Y);
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
  doc.font('Helvetica-Bold').fontSize(13).fillColor(COLOURS.text).text(business.name, left, y + 34, { lineBreak: false });
  doc.font('Helvetica').fontSize(10.5).fillColor(COLOURS.muted).text(`Issued ${issued}`, left, y + 52, { lineBreak: false });

  doc.font('Helvetica').fontSize(9).fillColor(COLOURS.text);
  const contact = [business.address, `Telephone ${business.telephone}`, business.email];
  let cy = y + 6;
  for (const line of contact) {
    doc.text(line, right.x, cy, { width: right.width, align: 'right' });
    cy = doc.y + 2;
  }
  y = Math.max(y + 70, cy) + 6;

  doc.moveTo(left, y).lineTo(left + CONTENT_WIDTH, y).lineWidth(1.5).strokeColor(COLOURS.brand).stroke();
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
  doc.font('Helvetica-Bold').fontSize(9).fillColor(COLOURS.brand).text('Key', left + 10, keyTop + 8, { lineBreak: false });
  FORM_KEY.forEach(({ form, meaning }, i) => {
    const ly = keyTop + 22 + i * lineHeight - 2;
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(COLOURS.text).text(form, left + 10, ly, { lineBreak: false });
    doc.font('Helvetica').fontSize(8.5).fillColor(COLOURS.text).text(meaning, left + 80, ly, { width: CONTENT_WIDTH - 90, lineBreak: false });
  });
  return keyTop + boxHeight + 16;
}

/** The column header row (green band, white bold labels). */
function tableHeader(doc: PDFKit.PDFDocument, y: number, columns: Column[]): number {
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, HEADER_HEIGHT).fillColor(COLOURS.brand).fill();
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(COLOURS.white);
  let x = MARGIN.left;
  for (const column of columns) {
    doc.text(column.label, x + PAD_X, y + 6, { width: column.width - 2 * PAD_X, lineBreak: false });
    x += column.width;
  }
  return y + HEADER_HEIGHT;
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

/** A row laid out once: each column's cell, and the height the tallest one needs. */
interface RowLayout {
  cells: CellLayout[];
  height: number;
}

/** Lays out each cell of a row once; the species sets its botanical name in italic, a cultivar in roman. */
function layoutRow(doc: PDFKit.PDFDocument, row: RenderRow, columns: Column[]): RowLayout {
  let tallest = 0;
  const cells = columns.map((column) => {
    // The price list's one trade cell holds the price (with breaks) and the availability.
    const text = column.key === 'price' ? [row.price, row.availability].filter(Boolean).join(' · ') : row[column.key];
    let runs: TextRun[];
    if (column.key === 'species') {
      const [botanical, cultivar] = speciesParts(text);
      runs = cultivar ? [{ text: botanical, font: 'Helvetica-Oblique' }, { text: cultivar, font: 'Helvetica' }] : [{ text: botanical, font: 'Helvetica-Oblique' }];
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
function pageFurniture(doc: PDFKit.PDFDocument, totals: PageTotals, page: number, company: string, issued: string): void {
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = footerY(doc);
  doc.moveTo(MARGIN.left, y - 6).lineTo(MARGIN.left + CONTENT_WIDTH, y - 6).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  doc.font('Helvetica').fontSize(FOOTER_SIZE).fillColor(COLOURS.muted);
  doc.text(`${company}  ·  Trade Catalogue  ·  Issued ${issued}`, MARGIN.left, y, { width: CONTENT_WIDTH * 0.75, lineBreak: false });
  totals.reserve(page);
  if (page > 1) {
    doc.font('Helvetica').fontSize(FOOTER_SIZE).fillColor(COLOURS.muted);
    doc.text(`${company} — Trade Catalogue`, MARGIN.left, 24, { width: CONTENT_WIDTH / 2, lineBreak: false });
    doc.text(`Issued ${issued}`, MARGIN.left, 24, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
  }
  doc.page.margins.bottom = margin;
}
