import ExcelJS from 'exceljs';
import type { BusinessDetails } from '../../config.ts';
import type { QuoteRequest, QuoteRequestLineRow } from './model.ts';

const HEADER_FILL = 'FF2F5D34'; // the catalogue downloads' green
const COLUMNS = [
  { header: 'Code', key: 'code', width: 20 },
  { header: 'Genus', key: 'genus', width: 22 },
  { header: 'Species', key: 'species', width: 42 },
  { header: 'Common name', key: 'common_name', width: 34 },
  { header: 'Form', key: 'form', width: 11 },
  { header: 'Height (cm)', key: 'height', width: 13 },
  { header: 'Quantity', key: 'quantity', width: 11 },
] as const;

/**
 * A quote request's lines as an XLSX workbook, built in the worker for its mails: one sheet, row 1
 * the header, then one row per line in the order requested (at most 1,000, so built in memory).
 * Text cells stay text: a species such as "=cmd" is written as a string, never a formula.
 */
export async function quoteWorkbook(request: QuoteRequest, lines: QuoteRequestLineRow[], business: BusinessDetails): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = business.name;
  workbook.created = new Date(request.created_at);
  workbook.title = `Quote request ${request.reference}`;
  const sheet = workbook.addWorksheet(request.reference, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
  for (const line of lines) {
    sheet.addRow({
      code: line.code,
      genus: line.genus,
      species: line.species,
      common_name: line.common_name,
      form: line.form,
      height: line.height,
      quantity: line.quantity,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
