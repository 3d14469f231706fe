import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import type { CatalogueTrade } from '../../../shared/api/catalogue.ts';
import { poundsNumber } from '../../../shared/money.ts';
import type { BusinessDetails } from '../../config.ts';
import { TRADE_VIEWER } from '../../viewer.ts';
import { issueDateLong, MAX_BREAKS } from './constants.ts';
import { breakHeader, STOCK_LABELS, TRADE_HEADERS } from './import-trade-cells.ts';
import { rowsInOrder, type CatalogueRow } from './store.ts';

/**
 * The staff workbook (issue 16): the whole catalogue with every column the import reads, written
 * so that importing it unchanged changes nothing. Prices are numbers of pounds formatted 0.00 (the
 * import reads them with the same en-GB rule as the form), each break has its own quantity and
 * price columns, and Ready from is a real date cell. For staff only: it holds every trade price.
 */

/** Break column pairs written even when no line has that many, so staff can add breaks in place. */
const MIN_BREAK_PAIRS = 3;
const HEADER_FILL = 'FF2F5D34'; // the downloads' green
const PRICE_FORMAT = '0.00';
const COUNT_FORMAT = '#,##0';
const DATE_FORMAT = 'd mmm yyyy'; // 10 Jan 2027, as the site shows dates

interface Column {
  header: string;
  width: number;
  numFmt?: string;
}

/** The columns, in order: the line's own, then its trade columns with `pairs` breaks. */
function columnsFor(pairs: number): Column[] {
  const breaks = Array.from({ length: pairs }, (_, i) => [
    { header: breakHeader({ break: i + 1, part: 'quantity' }), width: 17, numFmt: COUNT_FORMAT },
    { header: breakHeader({ break: i + 1, part: 'price' }), width: 17, numFmt: PRICE_FORMAT },
  ]).flat();
  return [
    { header: 'Code', width: 18 },
    { header: 'Genus', width: 20 },
    { header: 'Species', width: 36 },
    { header: 'Common name', width: 30 },
    { header: 'Form', width: 11 },
    { header: 'Height (cm)', width: 13 },
    { header: TRADE_HEADERS.price, width: 11, numFmt: PRICE_FORMAT },
    ...breaks,
    { header: TRADE_HEADERS.stock_status, width: 14 },
    { header: TRADE_HEADERS.stock_quantity, width: 15, numFmt: COUNT_FORMAT },
    { header: TRADE_HEADERS.ready_from, width: 13, numFmt: DATE_FORMAT },
  ];
}

/** A line's cells in column order; an unset field is an empty cell (the import reads it as "none"). */
function cellsOf(row: CatalogueRow, trade: CatalogueTrade | undefined, pairs: number): ExcelJS.CellValue[] {
  const breaks = Array.from({ length: pairs }, (_, i) => {
    const step = trade?.price_breaks[i];
    return step ? [step.min_quantity, poundsNumber(step.price_pence)] : [null, null];
  }).flat();
  return [
    row.code,
    row.genus,
    row.species,
    row.common_name || null,
    row.form,
    row.height,
    trade?.price_pence == null ? null : poundsNumber(trade.price_pence),
    ...breaks,
    trade?.stock_status ? STOCK_LABELS[trade.stock_status] : null,
    trade?.stock_quantity ?? null,
    // The calendar day at midnight UTC: Excel stores days, and the import reads them back as such.
    trade?.ready_from ? new Date(`${trade.ready_from}T00:00:00Z`) : null,
  ];
}

/** The most breaks any active line has: how many pairs of break columns the sheet needs. */
async function mostBreaks(db: Knex): Promise<number> {
  const row = (await db('catalogue_items')
    .whereNull('retired_at')
    .max({ n: db.raw(`jsonb_array_length(coalesce(price_breaks, '[]'::jsonb))`) })
    .first()) as { n: number | null } | undefined;
  return Number(row?.n ?? 0);
}

/** Writes the staff workbook of the catalogue's active lines to `out` (a retired line is one the import would retire); resolves once it is all written. */
export async function writeStaffWorkbook(
  db: Knex,
  out: Writable,
  meta: { business: BusinessDetails; issued: Date },
): Promise<{ rows: number }> {
  const pairs = Math.min(MAX_BREAKS, Math.max(MIN_BREAK_PAIRS, await mostBreaks(db)));
  const columns = columnsFor(pairs);
  const issued = issueDateLong(meta.issued);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = meta.business.name;
  workbook.created = meta.issued;
  workbook.title = `${meta.business.name} — staff catalogue workbook`;
  workbook.subject = `Staff catalogue workbook with trade prices, ${issued}. Not for customers.`;

  const sheet = workbook.addWorksheet('Catalogue', { views: [{ state: 'frozen', xSplit: 0, ySplit: 1, activeCell: 'A2' }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.height = 30;
  header.commit();

  let rows = 0;
  for await (const batch of rowsInOrder(db, TRADE_VIEWER, 500)) {
    for (const { trade, ...line } of batch) {
      sheet.addRow(cellsOf(line, trade, pairs)).commit();
      rows++;
    }
  }
  const last = rows + 1;
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: last, column: columns.length } };
  // Room below the last line for added ones: the list and the number checks apply there too.
  addChecks(sheet, columns, last + 500);
  sheet.commit();
  writeHelp(workbook.addWorksheet('How to import'), issued);
  await workbook.commit();
  return { rows };
}

/** Excel's own checks as staff type: a stock status from the list, prices as numbers of pounds. */
function addChecks(sheet: ExcelJS.Worksheet, columns: Column[], lastRow: number): void {
  // The streaming sheet keeps range validations here (exceljs's types only know per-cell ones).
  const checks = (sheet as unknown as { dataValidations: { add(range: string, check: ExcelJS.DataValidation): void } }).dataValidations;
  const letter = (index: number) => sheet.getColumn(index + 1).letter;
  const range = (index: number) => `${letter(index)}2:${letter(index)}${lastRow}`;
  columns.forEach((column, index) => {
    if (column.header === TRADE_HEADERS.stock_status) {
      checks.add(range(index), {
        type: 'list',
        allowBlank: true,
        formulae: [`"${Object.values(STOCK_LABELS).join(',')}"`],
        showErrorMessage: true,
        errorTitle: 'Stock status',
        error: `Use one of: ${Object.values(STOCK_LABELS).join(', ')}`,
      });
    } else if (column.numFmt === PRICE_FORMAT) {
      checks.add(range(index), {
        type: 'decimal',
        operator: 'between',
        allowBlank: true,
        formulae: [0, 100_000],
        showErrorMessage: true,
        errorTitle: 'Price in pounds',
        error: 'Use a full stop for pence, e.g. 2.50',
      });
    }
  });
}

function writeHelp(sheet: ExcelJS.Worksheet, issued: string): void {
  sheet.columns = [{ width: 22 }, { width: 90 }];
  const lines: [string, string][] = [
    ['Staff catalogue workbook', `Downloaded ${issued}. It holds every trade price: not for customers.`],
    ['', ''],
    ['Importing', 'Edit the Catalogue sheet and import this file in Catalogue admin. Preview shows every change before anything is saved.'],
    ['Code', 'The line’s product code: keep it, so the import updates that line in place. Leave it empty on a new line and one is made.'],
    ['A line left out', 'is retired: hidden from the catalogue, kept for the plant lists and quotes that name it.'],
    ['Price (£)', 'The trade price of one plant in pounds, with a full stop for pence: 2.50. Empty: no price.'],
    ['Break N quantity / price (£)', 'From that quantity on, each plant costs the break price (pounds). Leave both empty for no break.'],
    ['Stock status', `${Object.values(STOCK_LABELS).join(', ')}.`],
    ['Stock quantity', 'A whole number of plants, or empty.'],
    ['Ready from', 'A date such as 10/01/2027, needed when Stock status is Ready from.'],
  ];
  for (const pair of lines) {
    const row = sheet.addRow(pair);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
    row.commit();
  }
  sheet.commit();
}
