import { readFile, stat } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { HttpError, validationError } from '../../errors.ts';
import { MiB } from '../../bytes.ts';
import { firstSheetRows, UNREADABLE_WORKBOOK, type XlsxCell } from '../../xlsx-rows.ts';
import { checkZipSizes } from '../catalogue/service.ts';
import { findColumns, isHeaderRow } from './columns.ts';
import { readNotation, type LineNotation } from './notation.ts';

/**
 * Reads a planting schedule — an uploaded .xlsx or .csv, or text pasted from a spreadsheet (tabs)
 * or a PDF (space-aligned) — into its lines: the text as given and the notation read from it.
 * Everything a buyer sends is refused here with a 422 on `file` (or `text`) when it cannot be a
 * schedule, before anything is stored.
 */
export interface ScheduleLineRead {
  /** 1-based, in schedule order. */
  row: number;
  /** The line as given (cells joined), kept for the buyer's reference. */
  text: string;
  notation: LineNotation;
}

/** Largest upload: a 500-line schedule is some 30 KB as .xlsx; 5 MiB is far above any real one. */
export const SCHEDULE_MAX_BYTES = 5 * MiB;
/** Most lines one schedule may have (real ones run 50–500). */
export const SCHEDULE_MAX_LINES = 2000;
/** What a schedule workbook may unpack to (a 2,000-line sheet is well under 1 MiB). */
const SCHEDULE_ZIP_LIMITS = { maxUnpackedBytes: 4 * MiB, maxEntries: 200 };

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const NOT_A_SCHEDULE = 'The file must be an Excel workbook (.xlsx) or a CSV file.';
const EMPTY = 'The schedule is empty.';
const tooManyLines = () => `The schedule has more than ${SCHEDULE_MAX_LINES} lines; split it into smaller ones.`;

/** Rows of cells as text. */
type Rows = string[][];

/** An uploaded file's lines; `file` is the temp file's path. */
export async function readScheduleFile(file: string): Promise<ScheduleLineRead[]> {
  const { size } = await stat(file);
  if (size === 0) throw validationError({ file: [EMPTY] });
  if (size > SCHEDULE_MAX_BYTES) throw validationError({ file: [tooLarge()] });
  const type = await fileTypeFromFile(file).catch(() => undefined);
  if (type && type.mime !== XLSX_MIME) throw validationError({ file: [NOT_A_SCHEDULE] });
  const rows = type ? await readXlsx(file) : csvRows(decode(await readFile(file)));
  return linesOf(rows, 'file');
}

/** Pasted text's lines: tab-separated cells (from a spreadsheet), else one cell per line. */
export function readScheduleText(text: string): ScheduleLineRead[] {
  if (text.includes('\u0000')) throw validationError({ text: ['The text is not a schedule.'] });
  const lines = text.split(/\r\n|\r|\n/);
  const tabbed = lines.some((l) => l.includes('\t'));
  // A PDF's columns arrive as runs of spaces, not always aligned: the notation reads a whole line.
  const rows = lines.map((line) => (tabbed ? line.split('\t') : [line]));
  // Its header is found by the same runs of spaces, and dropped.
  const firstLine = rows.findIndex((r) => r[0]!.trim() !== '');
  if (!tabbed && firstLine >= 0 && isHeaderRow(lines[firstLine]!.trim().split(/\s{2,}/))) rows.splice(firstLine, 1);
  return linesOf(rows, 'text');
}

const tooLarge = () => `The file is larger than ${SCHEDULE_MAX_BYTES / MiB} MB, which is not a planting schedule.`;

/** Rows without any text are dropped; a header row is found and skipped; each row's notation read. */
function linesOf(all: Rows, field: 'file' | 'text'): ScheduleLineRead[] {
  const rows = all.map((r) => r.map(cellText)).filter((r) => r.some((c) => c !== ''));
  if (!rows.length) throw validationError({ [field]: [EMPTY] });
  if (rows.length > SCHEDULE_MAX_LINES + 1) throw validationError({ [field]: [tooManyLines()] });
  let columns;
  try {
    columns = findColumns(rows);
  } catch (error) {
    if (error instanceof HttpError && field === 'text') throw validationError({ text: error.errors?.file ?? [] });
    throw error;
  }
  const { roles } = columns;
  const body = rows.slice(columns.headerRow + 1);
  if (body.length > SCHEDULE_MAX_LINES) throw validationError({ [field]: [tooManyLines()] });

  const read: ScheduleLineRead[] = [];
  for (const cells of body) {
    const cell = (i: number | undefined) => (i === undefined ? '' : (cells[i] ?? ''));
    const described =
      columns.headerRow >= 0
        ? [roles.name, roles.size, roles.form].map(cell)
        : cells.filter((_, i) => i !== roles.quantity && !isCode(cells[i]!));
    const notation = readNotation(
      stripCode(described.filter(Boolean).join(' ')),
      roles.quantity === undefined ? undefined : cell(roles.quantity),
    );
    if (!notation.name || isHeading(notation, described.join(' '))) continue;
    read.push({ row: read.length + 1, text: cells.filter(Boolean).join('  ').slice(0, 500), notation });
  }
  if (!read.length) throw validationError({ [field]: [EMPTY] });
  return read;
}

/** A cell with line breaks and runs of spaces made single spaces. */
const cellText = (cell: string) => cell.replace(/\s+/g, ' ').trim();

/** A reference column's code ("T1", "SH03"), not part of the plant. */
const isCode = (cell: string) => /^[A-Z]{1,3}-?\d{1,3}[a-z]?$/.test(cell.trim()) && !/^[CP]\d/.test(cell.trim());
/** The same code at the start of a whole line ("H1 Acer campestre …"). */
const stripCode = (text: string) =>
  text.replace(/^(?:[A-Z]{1,3}-?\d{1,3}[a-z]?)\s+(?=\p{Lu})/u, (code) => (/^[CP]\d/.test(code) ? code : ''));

const SECTION_WORDS =
  /\b(?:HEDG\w*|TREES?|SHRUBS?|CLIMBERS?|PERENNIALS?|BULBS?|GRASS\w*|PLANTS?|PLANTING|MIX\w*|AREA|ZONE|PHASE|BEDS?|BORDERS?|SCHEDULE|NATIVE|ORNAMENTAL)\b/;

/** A section heading ("HEDGING", "Trees:") or a total line, not a plant. */
function isHeading(notation: LineNotation, written: string): boolean {
  const { name, form, height, quantity } = notation;
  if (/^(?:sub-?)?totals?\b/i.test(name)) return true;
  if (form || height || quantity !== null) return false;
  const capitals = name === name.toUpperCase() && /\p{L}/u.test(name);
  // "HEDGING", "TREES & SHRUBS", "AREA B": capitals alone are not enough ("TAXUS BACCATA" is a plant).
  return written.trim().endsWith(':') || (capitals && (!name.includes(' ') || SECTION_WORDS.test(name)));
}

/**
 * The first sheet's rows as text, streamed (src/xlsx-rows.ts) and refused as soon as they pass the
 * line limit; the unpacked workbook is at most SCHEDULE_ZIP_LIMITS, checked first.
 */
async function readXlsx(file: string): Promise<Rows> {
  try {
    await checkZipSizes(file, SCHEDULE_ZIP_LIMITS);
  } catch (error) {
    const message = error instanceof HttpError ? (error.errors?.file?.[0] ?? '') : '';
    throw validationError({
      file: [message.includes('unpacks') ? 'The workbook unpacks to far more than a planting schedule.' : UNREADABLE_WORKBOOK],
    });
  }
  const rows: Rows = [];
  for await (const row of firstSheetRows(file)) {
    rows.push(row.cells.map(textOf));
    if (rows.length > SCHEDULE_MAX_LINES * 2) throw validationError({ file: [tooManyLines()] });
  }
  return rows;
}

/** A cell as text: a number as written, a date as its day. */
const textOf = (cell: XlsxCell): string => (cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell));

/** UTF-8 (with or without BOM), else Windows-1252 (Excel's plain "CSV" in the UK). A NUL is not text. */
function decode(bytes: Buffer): string {
  if (bytes.includes(0)) throw validationError({ file: [NOT_A_SCHEDULE] });
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** CSV rows (quoted fields, doubled quotes, line breaks in quotes); comma, semicolon or tab, whichever the first line has most of. */
function csvRows(text: string): Rows {
  const end = text.search(/[\r\n]/);
  const firstLine = end < 0 ? text : text.slice(0, end);
  const count = (d: string) => firstLine.split(d).length - 1;
  const delimiter = [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
  const rows: Rows = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      if (rows.length > SCHEDULE_MAX_LINES * 2) throw validationError({ file: [tooManyLines()] });
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}
