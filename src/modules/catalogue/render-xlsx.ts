import ExcelJS from 'exceljs';
import type { BusinessDetails } from '../../config.ts';
import { FORM_KEY, issueDateLong } from './constants.ts';
import type { RenderRow } from './render-pdf.ts';

/** What the workbook records besides the rows: who issues it, and when. */
export interface XlsxMeta {
  business: BusinessDetails;
  issued: Date;
  /** A trade buyer's price list: adds Price and Availability columns. Never for the public file. */
  priced?: boolean;
}

/** Streaming writer of the catalogue workbook: rows are appended as they are read, never held. */
export interface CatalogueXlsx {
  add(row: RenderRow): void;
  /** Writes the About sheet, closes the zip and resolves once the file is fully on disk. */
  finish(): Promise<{ rows: number }>;
}

const HEADER_FILL = 'FF2F5D34'; // the PDF's green, so both downloads look like one catalogue
// The code first: it is what an import matches rows by, so the file re-imported changes nothing.
const COLUMNS = [
  { header: 'Code', key: 'code', width: 20 },
  { header: 'Genus', key: 'genus', width: 22 },
  { header: 'Species', key: 'species', width: 42 },
  { header: 'Common name', key: 'common_name', width: 34 },
  { header: 'Form', key: 'form', width: 11 },
  { header: 'Height (cm)', key: 'height', width: 13 },
];
const PRICED_COLUMNS = [...COLUMNS, { header: 'Price', key: 'price', width: 36 }, { header: 'Availability', key: 'availability', width: 26 }];

/**
 * Opens the workbook at `file`. Row 1 is the header (no title row above it) so Excel's filter,
 * sort and frozen pane work on it directly; the issue date and company details live in the
 * workbook properties and a small "About" sheet.
 */
export function createCatalogueXlsx(file: string, meta: XlsxMeta): CatalogueXlsx {
  const issued = issueDateLong(meta.issued);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  workbook.creator = meta.business.name;
  workbook.lastModifiedBy = meta.business.name;
  workbook.created = meta.issued;
  workbook.modified = meta.issued;
  workbook.title = `${meta.business.name} — Trade Catalogue`;
  workbook.subject = `Trade Catalogue, issued ${issued}`;
  workbook.company = meta.business.name;

  const sheet = workbook.addWorksheet('Catalogue', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, activeCell: 'A2' }],
    pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: {
      oddFooter: `&L${escapeHeaderFooter(meta.business.name)} — Trade Catalogue, issued ${issued}&RPage &P of &N`,
    },
  });
  const columns = meta.priced ? PRICED_COLUMNS : COLUMNS;
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
  header.alignment = { vertical: 'middle' };
  header.height = 20;
  header.commit();

  let rows = 0;
  return {
    add(row) {
      const cells = { code: row.code, genus: row.genus, species: row.species, common_name: row.common_name, form: row.form, height: row.height };
      sheet.addRow(meta.priced ? { ...cells, price: row.price ?? '', availability: row.availability ?? '' } : cells).commit();
      rows++;
    },
    async finish() {
      // The filter covers the data written, so Excel sorts and filters every row, not just row 1.
      sheet.autoFilter = `A1:${String.fromCharCode(64 + columns.length)}${rows + 1}`;
      sheet.commit();
      writeAbout(workbook.addWorksheet('About'), meta, issued, rows);
      await workbook.commit();
      return { rows };
    },
  };
}

function writeAbout(sheet: ExcelJS.Worksheet, meta: XlsxMeta, issued: string, rows: number): void {
  const b = meta.business;
  sheet.columns = [{ width: 26 }, { width: 70 }];
  const title = sheet.addRow([b.name]);
  title.font = { bold: true, size: 14 };
  title.commit();
  sheet.addRow(['Trade Catalogue', `Issued ${issued}`]).commit();
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
