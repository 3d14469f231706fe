import path from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { validationError } from './errors.ts';
import { openEntry, openZip, zipEntries, type ZipEntry, type ZipFile } from './zip-file.ts';

/**
 * The first sheet of an uploaded .xlsx, row by row, streamed: a sheet far past any limit is
 * refused after its first rows, not after it was all read. The caller checks the zip's sizes
 * first (checkZipSizes): this reader trusts the unpacked parts to be of a sane size.
 *
 * Why not ExcelJS's WorkbookReader as it comes: it reads the zip in one pass, front to back, and
 * the parts a sheet needs (xl/workbook.xml for the sheet list and the 1900/1904 date system,
 * sharedStrings, styles) may be stored after the sheets, as ExcelJS's own writers do, the staff
 * workbook's included. Its pass ends early, losing those last parts, whenever its work on a part
 * is held up a few milliseconds, as on a busy server (exceljs/exceljs#3064): a good file refused,
 * now and then. It also keeps a temp file open for each sheet it met early until it reads it,
 * never when the caller stops first. Here the zip is read through its central directory
 * (zip-file.ts): each part is read when it is needed, the parts a sheet depends on first, by the
 * WorkbookReader's own parsers. Those are its underscored methods, not its documented API: the
 * tests beside this file read real files through them, so an ExcelJS upgrade that changes them
 * fails there, not in an office. (The reader reads the parts by their usual names, as
 * ExcelJS's does: xl/workbook.xml, its rels, xl/sharedStrings.xml, xl/styles.xml.)
 *
 * Text is decoded as a stream (setEncoding), so a character whose bytes fall in two inflated
 * chunks is read whole: ExcelJS decodes each chunk on its own.
 */

/** A cell as the sheet shows it: text, a number or a date; a boolean or an error value (#N/A) as its text. */
export type XlsxCell = string | number | Date;

/** A row that holds a value: its number as the spreadsheet shows it, and its cells ('' for an empty one). */
export interface XlsxRow {
  number: number;
  cells: XlsxCell[];
}

/** What the user is told of a file that is no readable workbook. */
export const UNREADABLE_WORKBOOK = 'The workbook could not be read; save it again as .xlsx and retry.';

/** The WorkbookReader's part parsers, driven here in order (see above). */
interface PartParsers {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  /** Yields one event whose value is the sheet's reader (with worksheets: 'emit'). */
  _parseWorksheet(part: Readable, sheetNo: string): Iterator<{ value: AsyncIterable<ExcelJS.Row> }, undefined>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
}

/**
 * The rows of the workbook's first sheet (the first in the workbook's own order), skipping rows
 * without a value. Anything that is not a readable workbook is a 422 on `file`; an error the
 * caller throws while reading the rows is its own.
 */
export async function* firstSheetRows(file: string): AsyncGenerator<XlsxRow> {
  let zip: ZipFile | undefined;
  const open: Readable[] = [];
  try {
    zip = await openZip(file);
    const entries = new Map<string, ZipEntry>();
    for await (const entry of zipEntries(zip)) entries.set(entry.fileName, entry);
    const part = async (name: string): Promise<Readable | undefined> => {
      const entry = entries.get(name);
      if (!entry) return undefined;
      const stream = (await openEntry(zip!, entry)).setEncoding('utf8');
      open.push(stream);
      return stream;
    };

    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Styles tell a date cell from a number: without them a date would arrive as 46397.
      styles: 'cache',
      entries: 'ignore',
    }) as unknown as PartParsers;
    const rels = await part('xl/_rels/workbook.xml.rels');
    if (!rels) throw new Error('no workbook relationships');
    await reader._parseRels(rels);
    const book = await part('xl/workbook.xml');
    if (!book) throw new Error('no workbook part');
    await reader._parseWorkbook(book);
    const sharedStrings = await part('xl/sharedStrings.xml');
    // With 'cache' the table is kept on the reader; the generator yields nothing, but must run to its end.
    if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings));
    const styles = await part('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);

    const first = reader.model?.sheets?.[0];
    const target = reader.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target;
    const sheet = target === undefined ? undefined : await part(partName(target));
    if (!sheet) throw new Error('no first sheet');
    // The number only names the sheet ("Sheet3") when the rels do not: nothing here reads it.
    const rows = reader._parseWorksheet(sheet, '1').next().value?.value;
    if (!rows) throw new Error('no sheet reader');
    for await (const row of rows) {
      if (!row.hasValues) continue;
      const cells: XlsxCell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellValue(cell.value);
      });
      yield { number: row.number, cells: Array.from(cells, (c) => c ?? '') };
    }
  } catch (error) {
    if ((error as { status?: number }).status) throw error;
    throw validationError({ file: [UNREADABLE_WORKBOOK] });
  } finally {
    for (const stream of open) stream.destroy();
    zip?.close();
  }
}

/** A workbook relationship's target as a zip entry name: relative to xl/, or absolute from the root. */
function partName(target: string): string {
  return target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`);
}

/**
 * A cell's value: numbers and dates as such, rich text joined, formulas by their result, a
 * hyperlink by its text, an error value (#N/A) as its text, so a number column refuses it rather
 * than reading it as empty.
 */
function cellValue(value: ExcelJS.CellValue): XlsxCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellValue((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value && typeof value.error === 'string') return value.error;
  return '';
}
