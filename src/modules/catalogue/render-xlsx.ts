import ExcelJS from 'exceljs';
import type { CatalogueTrade } from '../../../shared/api/catalogue.ts';
import { availabilityText } from '../../../shared/trade-text.ts';
import type { BusinessDetails } from '../../config.ts';
import { FORM_KEY, issueDateLong } from './constants.ts';
import { priceListTitle, PRICES_EXCLUDE_VAT, type PriceListHeading } from './price-list-heading.ts';
import type { RenderRow } from './render-pdf.ts';

/** What the workbook records besides the rows: who issues it, and when. */
export interface XlsxMeta {
  business: BusinessDetails;
  issued: Date;
  /**
   * A trade buyer's price list: names the buyer and adds the trade columns, `breakColumns` pairs of
   * break quantity and price among them. Never for the public file.
   */
  priceList?: PriceListHeading & { breakColumns: number };
}

/** Streaming writer of the catalogue workbook: rows are appended as they are read, never held. */
export interface CatalogueXlsx {
  add(row: RenderRow): void;
  /** Writes the About sheet, closes the zip and resolves once the file is fully on disk. */
  finish(): Promise<{ rows: number }>;
}

const HEADER_FILL = 'FF2F5D34'; // the PDF's green, so both downloads look like one catalogue
// Formats Excel, LibreOffice and Numbers all read; the cells stay numbers and dates, only shown so.
const POUNDS_FORMAT = '"£"#,##0.00';
const COUNT_FORMAT = '#,##0';
const DATE_FORMAT = 'd mmm yyyy';

interface Column {
  header: string;
  key: string;
  width: number;
  numFmt?: string;
}
const COLUMNS: Column[] = [
  // The code first: it is what an import matches rows by, so the file re-imported changes nothing.
  { header: 'Code', key: 'code', width: 20 },
  { header: 'Genus', key: 'genus', width: 22 },
  { header: 'Species', key: 'species', width: 42 },
  { header: 'Common name', key: 'common_name', width: 34 },
  { header: 'Form', key: 'form', width: 11 },
  { header: 'Height (cm)', key: 'height', width: 13 },
];

/**
 * The price list's columns: every figure its own number (a buyer sorts by price, multiplies by a
 * quantity, compares breaks) and Ready from a real date; Availability is the wording the site shows.
 */
function pricedColumns(breakColumns: number): Column[] {
  const breaks = Array.from({ length: breakColumns }, (_, i): Column[] => [
    { header: `Break ${i + 1} qty`, key: `break_${i + 1}_qty`, width: 12, numFmt: COUNT_FORMAT },
    { header: `Break ${i + 1} price (£)`, key: `break_${i + 1}_price`, width: 16, numFmt: POUNDS_FORMAT },
  ]).flat();
  return [
    ...COLUMNS,
    { header: 'Price (£)', key: 'price', width: 12, numFmt: POUNDS_FORMAT },
    ...breaks,
    { header: 'Stock quantity', key: 'stock_quantity', width: 15, numFmt: COUNT_FORMAT },
    { header: 'Availability', key: 'availability', width: 26 },
    { header: 'Ready from', key: 'ready_from', width: 14, numFmt: DATE_FORMAT },
  ];
}

/** A line's trade cells by column key: pounds as numbers, the date as a Date, blanks where unset. */
function tradeCells(trade: CatalogueTrade | undefined, breakColumns: number): Record<string, string | number | Date | null> {
  const cells: Record<string, string | number | Date | null> = {
    price: trade?.price_pence == null ? null : trade.price_pence / 100,
    stock_quantity: trade?.stock_quantity ?? null,
    availability: trade ? availabilityText(trade) : '',
    // UTC midnight is the whole day in Excel's serial numbers (exceljs converts by UTC).
    ready_from: trade?.ready_from ? new Date(`${trade.ready_from}T00:00:00Z`) : null,
  };
  for (let i = 0; i < breakColumns; i++) {
    const step = trade?.price_breaks[i];
    cells[`break_${i + 1}_qty`] = step?.min_quantity ?? null;
    cells[`break_${i + 1}_price`] = step ? step.price_pence / 100 : null;
  }
  return cells;
}

/**
 * Opens the workbook at `file`. Row 1 is the header (no title row above it) so Excel's filter,
 * sort and frozen pane work on it directly; the issue date and company details live in the
 * workbook properties, the printed page's header and footer, and a small "About" sheet.
 */
export function createCatalogueXlsx(file: string, meta: XlsxMeta): CatalogueXlsx {
  const issued = issueDateLong(meta.issued);
  const { priceList } = meta;
  const title = priceList ? priceListTitle(priceList.company) : 'Trade Catalogue';
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  workbook.creator = meta.business.name;
  workbook.lastModifiedBy = meta.business.name;
  workbook.created = meta.issued;
  workbook.modified = meta.issued;
  workbook.title = `${meta.business.name} — ${title}`;
  workbook.subject = priceList
    ? `${title}, issued ${issued}, valid until ${issueDateLong(priceList.validUntil)}. ${PRICES_EXCLUDE_VAT}.`
    : `Trade Catalogue, issued ${issued}`;
  workbook.company = meta.business.name;

  const sheet = workbook.addWorksheet('Catalogue', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, activeCell: 'A2' }],
    pageSetup: { paperSize: 9, orientation: priceList ? 'landscape' : 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: {
      ...(priceList && { oddHeader: `&L${escapeHeaderFooter(title)}&R${PRICES_EXCLUDE_VAT}` }),
      oddFooter: `&L${escapeHeaderFooter(meta.business.name)} — ${escapeHeaderFooter(title)}, issued ${issued}&RPage &P of &N`,
    },
  });
  const columns = priceList ? pricedColumns(priceList.breakColumns) : COLUMNS;
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width, ...(c.numFmt && { style: { numFmt: c.numFmt } }) }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
  header.alignment = { vertical: 'middle' };
  header.height = 20;
  header.commit();

  let rows = 0;
  return {
    add(row) {
      const cells = {
        code: row.code,
        genus: row.genus,
        species: row.species,
        common_name: row.common_name,
        form: row.form,
        height: row.height,
      };
      sheet.addRow(priceList ? { ...cells, ...tradeCells(row.trade, priceList.breakColumns) } : cells).commit();
      rows++;
    },
    async finish() {
      // The filter covers the data written, so Excel sorts and filters every row, not just row 1.
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows + 1, column: columns.length } };
      sheet.commit();
      writeAbout(workbook.addWorksheet('About'), meta, issued, rows);
      await workbook.commit();
      return { rows };
    },
  };
}

function writeAbout(sheet: ExcelJS.Worksheet, meta: XlsxMeta, issued: string, rows: number): void {
  const b = meta.business;
  const { priceList } = meta;
  sheet.columns = [{ width: 26 }, { width: 70 }];
  const title = sheet.addRow([b.name]);
  title.font = { bold: true, size: 14 };
  title.commit();
  if (priceList) {
    const heading = sheet.addRow([priceListTitle(priceList.company)]);
    heading.font = { bold: true, size: 12 };
    heading.commit();
    sheet.addRow(['Issued', issued]).commit();
    sheet.addRow(['Valid until', issueDateLong(priceList.validUntil)]).commit();
    const vat = sheet.addRow([`${PRICES_EXCLUDE_VAT}.`, 'A line without a price is priced on request: ask us for a quote.']);
    vat.getCell(1).font = { bold: true };
    vat.commit();
  } else {
    sheet.addRow(['Trade Catalogue', `Issued ${issued}`]).commit();
  }
  sheet.addRow([]).commit();
  const details: [string, string][] = [
    ['Address', b.address],
    ['Telephone', b.telephone],
    ['Email', b.email],
    ['Company number', b.companyNumber],
    ['VAT number', b.vatNumber],
    ['Plant health registration', b.plantHealthNumber],
    ['Lines in this catalogue', String(rows)],
  ];
  for (const pair of details) {
    const row = sheet.addRow(pair);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.addRow([]).commit();
  const keyTitle = sheet.addRow(['Key']);
  keyTitle.font = { bold: true };
  keyTitle.commit();
  for (const { form, meaning } of FORM_KEY) sheet.addRow([form, meaning]).commit();
  sheet.commit();
}

/** `&` starts a code in Excel's header/footer language; a literal one is written `&&`. */
const escapeHeaderFooter = (text: string) => text.replace(/&/g, '&&');
