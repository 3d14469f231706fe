import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { BusinessDetails } from '../../config.ts';
import { FORM_KEY, issueDateLong } from './constants.ts';
import type { CatalogueRow } from './store.ts';

/** What the PDF prints besides the rows: who issues it, and when. */
export interface PdfMeta {
  business: BusinessDetails;
  issued: Date;
}

/** Streaming-in writer of the printed catalogue: rows are laid out as they are read. */
export interface CataloguePdf {
  add(row: CatalogueRow): void;
  /** Adds page furniture ("Page X of Y" needs the total), ends the document, waits for the file. */
  finish(): Promise<{ rows: number; pages: number }>;
}

// A4 portrait in points, with room below the table for the footer.
const MARGIN = { top: 40, bottom: 50, left: 40, right: 40 };
const CONTENT_WIDTH = 595.28 - MARGIN.left - MARGIN.right;
const COLOURS = { brand: '#2f5d34', tint: '#e3ece0', stripe: '#f6f8f5', rule: '#d3dccf', text: '#1f2420', muted: '#5b675d', white: '#ffffff' };
const PAD_X = 6;
const PAD_Y = 4;
const BODY_SIZE = 9;

type Column = { key: 'species' | 'common_name' | 'form' | 'height'; label: string; width: number };
const COLUMNS: Column[] = [
  { key: 'species', label: 'Species', width: 210 },
  { key: 'common_name', label: 'Common name', width: 175 },
  { key: 'form', label: 'Form', width: 60 },
  { key: 'height', label: 'Height (cm)', width: CONTENT_WIDTH - 445 },
];
const HEADER_HEIGHT = 20;
const GENUS_HEIGHT = 19;

/**
 * Opens the PDF at `file`. Layout: a title block and key on page 1, then one table grouped by genus
 * (a tinted genus heading before each group, repeated as "continued" when a group crosses a page),
 * the column header at the top of every page, and running header and "Page X of Y" footer added at
 * the end. Pages are buffered (`bufferPages`) only because the footer needs the page count.
 */
export function createCataloguePdf(file: string, meta: PdfMeta): CataloguePdf {
  const { business } = meta;
  const issued = issueDateLong(meta.issued);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
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

  const bottom = () => doc.page.height - MARGIN.bottom;
  let y = titleBlock(doc, business, issued);
  let genus: string | undefined;
  let stripe = 0;
  let rows = 0;

  const newPage = () => {
    doc.addPage();
    y = MARGIN.top;
    y = tableHeader(doc, y);
  };

  y = tableHeader(doc, y);
  return {
    add(row) {
      const height = rowHeight(doc, row);
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
      y = tableRow(doc, y, row, height, stripe++ % 2 === 1);
      rows++;
    },
    async finish() {
      if (rows === 0) {
        doc.font('Helvetica-Oblique').fontSize(BODY_SIZE).fillColor(COLOURS.muted).text('The catalogue is currently empty.', MARGIN.left + PAD_X, y + PAD_Y);
      }
      const pages = pageFurniture(doc, business.name, issued);
      doc.end();
      await written;
      return { rows, pages };
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
function tableHeader(doc: PDFKit.PDFDocument, y: number): number {
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, HEADER_HEIGHT).fillColor(COLOURS.brand).fill();
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(COLOURS.white);
  let x = MARGIN.left;
  for (const column of COLUMNS) {
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

/** Height a row needs: long names wrap inside their column. Oblique and roman Helvetica share metrics. */
function rowHeight(doc: PDFKit.PDFDocument, row: CatalogueRow): number {
  doc.font('Helvetica').fontSize(BODY_SIZE);
  let tallest = 0;
  for (const column of COLUMNS) {
    tallest = Math.max(tallest, doc.heightOfString(row[column.key] || ' ', { width: column.width - 2 * PAD_X }));
  }
  return tallest + 2 * PAD_Y;
}

function tableRow(doc: PDFKit.PDFDocument, y: number, row: CatalogueRow, height: number, striped: boolean): number {
  if (striped) doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fillColor(COLOURS.stripe).fill();
  doc
    .moveTo(MARGIN.left, y + height)
    .lineTo(MARGIN.left + CONTENT_WIDTH, y + height)
    .lineWidth(0.4)
    .strokeColor(COLOURS.rule)
    .stroke();
  let x = MARGIN.left;
  for (const column of COLUMNS) {
    const width = column.width - 2 * PAD_X;
    const text = row[column.key];
    if (column.key === 'species') {
      const [botanical, cultivar] = speciesParts(text);
      doc.font('Helvetica-Oblique').fontSize(BODY_SIZE).fillColor(COLOURS.text);
      doc.text(botanical, x + PAD_X, y + PAD_Y + 1, { width, continued: cultivar !== '' });
      if (cultivar) doc.font('Helvetica').text(cultivar);
    } else if (text) {
      doc.font('Helvetica').fontSize(BODY_SIZE).fillColor(COLOURS.text).text(text, x + PAD_X, y + PAD_Y + 1, { width });
    }
    x += column.width;
  }
  return y + height;
}

/**
 * Running header (pages after the first) and footer on every page. The bottom margin is lifted
 * while writing the footer, or pdfkit would treat text below it as overflow and add a page.
 */
function pageFurniture(doc: PDFKit.PDFDocument, company: string, issued: string): number {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footerY = doc.page.height - 34;
    doc.moveTo(MARGIN.left, footerY - 6).lineTo(MARGIN.left + CONTENT_WIDTH, footerY - 6).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    doc.font('Helvetica').fontSize(7.5).fillColor(COLOURS.muted);
    doc.text(`${company}  ·  Trade Catalogue  ·  Issued ${issued}`, MARGIN.left, footerY, { width: CONTENT_WIDTH * 0.75, lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, MARGIN.left, footerY, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    if (i > start) {
      doc.text(`${company} — Trade Catalogue`, MARGIN.left, 24, { width: CONTENT_WIDTH / 2, lineBreak: false });
      doc.text(`Issued ${issued}`, MARGIN.left, 24, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    }
    doc.page.margins.bottom = margin;
  }
  return count;
}
