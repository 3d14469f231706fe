import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { z } from 'zod';
import { unsupportedMediaType, validationError } from '../../errors.ts';
import { MiB } from '../../bytes.ts';
import { firstSheetRows } from '../../xlsx-rows.ts';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS } from './constants.ts';
import { itemSchema } from './schema.ts';
import { checkZipSizes } from './zip-limits.ts';
import { isoDay } from './import-dates.ts';
import { breakNumbers, tradeCells, tradeHeader, type BreakColumn, type RawCell, type TradeColumn } from './import-trade-cells.ts';

/** Largest import file; the whole catalogue is a few thousand lines (well under 1 MiB). */
export const IMPORT_MAX_BYTES = 10 * MiB;
/** More data rows than this is not a catalogue (and bounds the work a hostile workbook can cause). */
const IMPORT_MAX_ROWS = 20_000;
/** How many bad rows the 422 lists before summarising the rest. */
const MAX_LISTED_ERRORS = 50;

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const WRONG_IMPORT_TYPE = 'The file must be an Excel workbook (.xlsx) or a CSV file.';
const HEADER_HELP = 'The first row must name the columns Genus, Species, Form and Height (cm); Common name is optional.';

/** A catalogue line read from a file, validated, with the spreadsheet row it came from (for messages). */
export type ImportedItem = z.output<typeof itemSchema> & { row?: number };

/** A cell's value: text, or a number or date from an xlsx cell (the trade columns read them as such). */
type SheetCell = Exclude<RawCell, undefined>;

/** One spreadsheet row: its number as the spreadsheet shows it, and its cells. */
interface SheetRow {
  number: number;
  cells: SheetCell[];
}

type LineColumn = 'code' | 'genus' | 'species' | 'common_name' | 'form' | 'height';

/** Where each column is in the sheet, by index: the line's own, the trade columns, each break's pair. */
interface SheetColumns {
  line: Partial<Record<LineColumn, number>>;
  trade: Partial<Record<TradeColumn, number>>;
  breaks: Map<string, number>;
  breakNumbers: number[];
}
const breakKey = (c: BreakColumn) => `${c.break}.${c.part}`;

/** A cell as text, for the line's own columns (a date as YYYY-MM-DD, a number as written). */
const textOf = (cell: SheetCell | undefined): string => (cell === undefined ? '' : cell instanceof Date ? isoDay(cell) : String(cell));

/**
 * Reads an uploaded .xlsx or .csv into catalogue lines. The first non-empty row is the header
 * (column names matched case-insensitively; "Height" or "Height (cm)"; "Code" and "Common name"
 * optional: a row's code is what the import matches it to its line by, see import-plan.ts).
 * Every row is validated with the same schema as the admin form; form and height are matched
 * leniently ("bare root", "10 – 20"). The optional trade columns are the staff workbook's (Price
 * (£) in pounds, Break N quantity / Break N price (£), Stock status, Stock quantity, Ready from),
 * read by import-trade-cells.ts; a header of the old pence layout is refused. Any bad row → 422
 * listing "Row N: …" by spreadsheet row number (a bad cell as "Row 7: Price — …"), so the admin
 * can fix the file; nothing is returned unless every row is good.
 */
export async function readCatalogueFile(file: string): Promise<ImportedItem[]> {
  const kind = await detectKind(file);
  // A zip bomb is refused here, before the workbook reader inflates it in the web process.
  if (kind === 'xlsx') await checkZipSizes(file);
  // The first sheet is the catalogue (the staff workbook's "How to import" sheet follows it).
  const rows = kind === 'xlsx' ? firstSheetRows(file) : readCsv(file);

  let columns: SheetColumns | undefined;
  const items: ImportedItem[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  let dataRows = 0;

  for await (const row of rows) {
    if (row.cells.every((c) => textOf(c).trim() === '')) continue;
    if (!columns) {
      columns = headerColumns(row.cells.map(textOf));
      continue;
    }
    if (++dataRows > IMPORT_MAX_ROWS) throw validationError({ file: [`The file has more than ${IMPORT_MAX_ROWS} rows.`] });
    const sheet = columns;
    // Line breaks and runs of spaces inside a cell (Alt+Enter in Excel) become single spaces.
    const cell = (name: LineColumn) =>
      sheet.line[name] === undefined ? undefined : textOf(row.cells[sheet.line[name]!]).replace(/\s+/g, ' ').trim();
    const trade = tradeCells(
      (column) => {
        const index = typeof column === 'string' ? sheet.trade[column] : sheet.breaks.get(breakKey(column));
        return index === undefined ? undefined : (row.cells[index] ?? '');
      },
      new Set(Object.keys(sheet.trade) as TradeColumn[]),
      sheet.breakNumbers,
    );
    if ('errors' in trade) {
      for (const problem of trade.errors) errors.push(`Row ${row.number}: ${problem}`);
      continue;
    }
    const parsed = itemSchema.safeParse({
      ...trade,
      code: cell('code'),
      genus: cell('genus'),
      species: cell('species'),
      common_name: cell('common_name') ?? '',
      form: canonical(cell('form') ?? '', CATALOGUE_FORMS),
      height: canonical(cell('height') ?? '', CATALOGUE_HEIGHTS),
    });
    if (!parsed.success) {
      // One line per problem, first problem per field: as the admin form shows them.
      const fields = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (fields.has(field)) continue;
        fields.add(field);
        errors.push(`Row ${row.number}: ${issue.message}`);
      }
      continue;
    }
    const item = { ...parsed.data, row: row.number };
    // A code names one line; without one, the description does (it is what the row is matched by).
    const key = item.code
      ? `code\u0000${item.code}`
      : [item.genus, item.species, item.form, item.height].map((v) => v.toLowerCase()).join('\u0000');
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push(
        item.code
          ? `Row ${row.number}: the same product code as row ${first}.`
          : `Row ${row.number}: the same genus, species, form and height as row ${first}.`,
      );
      continue;
    }
    seen.set(key, row.number);
    items.push(item);
  }

  if (!columns) throw validationError({ file: ['The file is empty.'] });
  if (errors.length) {
    const listed = errors.slice(0, MAX_LISTED_ERRORS);
    if (errors.length > listed.length) listed.push(`… and ${errors.length - listed.length} more problems.`);
    throw validationError({ rows: listed });
  }
  if (!items.length) throw validationError({ file: ['The file has a header but no catalogue rows.'] });
  return items;
}

/** xlsx by its zip content; csv when the bytes are text. Anything else (xls, pdf, images…) → 415. */
async function detectKind(file: string): Promise<'xlsx' | 'csv'> {
  const type = await fileTypeFromFile(file).catch(() => undefined);
  if (type?.mime === XLSX_MIME) return 'xlsx';
  if (type) throw unsupportedMediaType('file', WRONG_IMPORT_TYPE);
  const head = await readHead(file, 64 * 1024);
  if (head.includes(0)) throw unsupportedMediaType('file', WRONG_IMPORT_TYPE); // binary, not text
  return 'csv';
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of createReadStream(file, { start: 0, end: bytes - 1 })) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  return Buffer.concat(chunks, length);
}

const LINE_HEADERS: Record<string, LineColumn> = {
  code: 'code',
  'product code': 'code',
  genus: 'genus',
  species: 'species',
  'common name': 'common_name',
  commonname: 'common_name',
  form: 'form',
  height: 'height',
  'height cm': 'height',
};

/**
 * Maps header cells to columns (the first of a name wins; unknown columns are ignored). A 422
 * errors.file unless Genus, Species, Form and Height are all there, or when a trade column's
 * header is one the import refuses (the old pence layout, a break without its pair).
 */
function headerColumns(cells: string[]): SheetColumns {
  const columns: SheetColumns = { line: {}, trade: {}, breaks: new Map(), breakNumbers: [] };
  const found: BreakColumn[] = [];
  const problems = new Set<string>();
  cells.forEach((cell, index) => {
    const key = cell
      .toLowerCase()
      .replace(/[_()[\].:-]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const line = LINE_HEADERS[key];
    if (line) {
      columns.line[line] ??= index;
      return;
    }
    const trade = tradeHeader(key);
    if (!trade) return;
    if ('error' in trade) problems.add(trade.error);
    else if ('column' in trade) columns.trade[trade.column] ??= index;
    else if (!columns.breaks.has(breakKey(trade.breakColumn))) {
      columns.breaks.set(breakKey(trade.breakColumn), index);
      found.push(trade.breakColumn);
    }
  });
  const required: LineColumn[] = ['genus', 'species', 'form', 'height'];
  if (!required.every((c) => columns.line[c] !== undefined)) throw validationError({ file: [HEADER_HELP] });
  const numbers = breakNumbers(found);
  if (typeof numbers === 'string') problems.add(numbers);
  else columns.breakNumbers = numbers;
  if (problems.size) throw validationError({ file: [...problems] });
  return columns;
}

/** The vocabulary's own spelling of a value typed loosely ("bare root", "1l", "10 – 20"); else as given. */
function canonical(value: string, vocabulary: readonly string[]): string {
  const squash = (s: string) =>
    s
      .toLowerCase()
      .replace(/[\u2012-\u2015\u2212]/g, '-')
      .replace(/\s+/g, '');
  const wanted = squash(value);
  return vocabulary.find((v) => squash(v) === wanted) ?? value;
}

/** Rows of a CSV file (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes). */
async function* readCsv(file: string): AsyncGenerator<SheetRow> {
  const text = decode(await readFile(file));
  // detectKind saw only the head; a NUL further down makes it just as much not text.
  if (text.includes('\u0000')) throw unsupportedMediaType('file', WRONG_IMPORT_TYPE);
  const delimiter = guessDelimiter(text);
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let number = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      yield { number: number++, cells: row };
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    yield { number, cells: row };
  }
}

/** UTF-8 (with or without BOM); failing that Windows-1252, which Excel's plain "CSV" uses in the UK. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Comma, semicolon (Excel in some locales) or tab: whichever the first line has most of. */
function guessDelimiter(text: string): string {
  const end = text.search(/[\r\n]/);
  const firstLine = end < 0 ? text : text.slice(0, end);
  const count = (d: string) => firstLine.split(d).length - 1;
  return [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}
