import type { CatalogueTrade } from '../../../shared/api/catalogue.ts';
import { availabilityText, PRICE_ON_REQUEST, priceText } from '../../../shared/trade-text.ts';
import { drawCell, layoutCell, type CellLayout, type TextRun } from './pdf-cell-layout.ts';
import { BODY_SIZE, COLOURS, CONTENT_WIDTH, MARGIN, PAD_X, PAD_Y } from './pdf-style.ts';
import type { CatalogueRow } from './store.ts';

/** A row as the renderers take it: a catalogue line, and on a price list its trade columns. */
export type RenderRow = CatalogueRow & { trade?: CatalogueTrade };

/** A column of the table: the field it shows (a price list adds the trade ones), its label and width in points. */
export type Column = {
  key: 'code' | 'species' | 'common_name' | 'form' | 'height' | 'price' | 'availability';
  label: string;
  width: number;
};
// The product code first: what a buyer quotes when ordering by phone or mail.
export const PUBLIC_COLUMNS: Column[] = [
  { key: 'code', label: 'Code', width: 100 },
  { key: 'species', label: 'Species', width: 170 },
  { key: 'common_name', label: 'Common name', width: 132 },
  { key: 'form', label: 'Form', width: 52 },
  { key: 'height', label: 'Height (cm)', width: CONTENT_WIDTH - 454 },
];
/** The price list's columns: the same table, narrower, with Price (and its breaks) and Availability. */
export const PRICED_COLUMNS: Column[] = [
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
export const GENUS_HEIGHT = 19;

/**
 * The column header row (green band, white bold labels). A label wider than its column (the price
 * list's narrow columns) wraps onto a second line and the band grows to hold it.
 */
export function tableHeader(doc: PDFKit.PDFDocument, y: number, columns: Column[]): number {
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
export function genusHeading(doc: PDFKit.PDFDocument, y: number, genus: string, continued: boolean): number {
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
export function layoutRow(doc: PDFKit.PDFDocument, row: RenderRow, columns: Column[]): RowLayout {
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

export function tableRow(doc: PDFKit.PDFDocument, y: number, row: RowLayout, columns: Column[], striped: boolean): number {
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
