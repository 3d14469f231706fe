import { validationError } from '../../errors.ts';

/**
 * Which column of a schedule holds what: by the header's wording ("Botanical name", "Plant",
 * "Size", "Ht (cm)", "Pot", "Root", "Qty", "No."), or, without a header row, by what the cells
 * hold (the column of whole numbers is the quantity, the wordiest one the name). Pure.
 */
type ColumnRole = 'name' | 'size' | 'form' | 'quantity';

export interface Columns {
  /** Column index per role (first wins). */
  roles: Partial<Record<ColumnRole, number>>;
  /** The header row's index, or -1 without one: it and any title rows above it are no schedule lines. */
  headerRow: number;
}

export const NO_COLUMN =
  'No column of plant names was found. Give each line a plant name (e.g. "Acer campestre 60-90 BR x 250"), or name the columns Plant, Size, Form and Quantity.';

const HEADER_WORDS: [ColumnRole, RegExp][] = [
  ['quantity', /\b(?:qty|qnty|quantity|quantities|no|nr|nos|number|count|units|total|amount)\b/],
  ['form', /\b(?:form|pot|container|cont|root|rootball|supply|type|stock)\b/],
  ['size', /\b(?:size|height|ht|girth|grade|spec|specification|cm)\b/],
  ['name', /\b(?:botanical|latin|plant|plants|species|name|description|item|variety|genus)\b/],
];

/** How far down the header row may be. */
const HEADER_WITHIN = 10;

const headerKey = (cell: string) =>
  cell
    .toLowerCase()
    .replace(/[_()[\].:/-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The role a header cell names, if any. */
function headerRole(cell: string): ColumnRole | undefined {
  const key = headerKey(cell);
  if (!key || key.length > 40) return undefined;
  return HEADER_WORDS.find(([, words]) => words.test(key))?.[0];
}

const isInteger = (cell: string) => /^\s*\d{1,3}(?:,\d{3})*\s*$|^\s*\d+(?:\.0+)?\s*$/.test(cell);
const looksLikeData = (cell: string) => /\d/.test(cell);
const letters = (cell: string) => (cell.match(/\p{L}/gu) ?? []).length;
/** A word of three letters or more: what a plant name has and a size or a code does not. */
const hasWord = (cell: string) => /\p{L}{3,}/u.test(cell);

/** Whether a row names columns rather than a plant: no figures, and a name column or two known ones. */
export function isHeaderRow(cells: readonly string[]): boolean {
  const named = cells.map(headerRole);
  return !cells.some(looksLikeData) && (named.includes('name') || named.filter(Boolean).length >= 2);
}

/**
 * The columns of a schedule from its first rows. A 422 on `file` when no column can be the plant
 * names (a sheet of numbers, a header of unrelated columns with no wordy column under it).
 */
export function findColumns(rows: readonly string[][]): Columns {
  // A sheet often opens with a title, a project, a revision: the header is among the first rows.
  // The row naming the most columns wins, so a title like "Plant schedule" is not taken for it.
  const roleCount = (cells: string[]) => (isHeaderRow(cells) ? cells.filter((c) => headerRole(c)).length : 0);
  const headerRow = rows
    .slice(0, HEADER_WITHIN)
    .reduce((best, cells, i) => (roleCount(cells) > (best < 0 ? 0 : roleCount(rows[best]!)) ? i : best), -1);
  const isHeader = headerRow >= 0;
  const named = isHeader ? rows[headerRow]!.map(headerRole) : [];
  const body = rows.slice(headerRow + 1);
  const roles: Partial<Record<ColumnRole, number>> = {};
  if (isHeader) named.forEach((role, index) => role && (roles[role] ??= index));

  const width = Math.max(0, ...body.map((r) => r.length));
  const sample = body.slice(0, 200);
  const share = (index: number, test: (cell: string) => boolean) => {
    const cells = sample.map((r) => r[index] ?? '').filter((c) => c.trim() !== '');
    return cells.length ? cells.filter(test).length / cells.length : 0;
  };
  if (roles.quantity === undefined) {
    let best = -1;
    let bestShare = 0.6;
    for (let i = 0; i < width; i++) {
      if (i === roles.name) continue;
      const s = share(i, isInteger);
      if (s >= bestShare) [best, bestShare] = [i, s];
    }
    if (best >= 0 && width > 1) roles.quantity = best;
  }
  if (roles.name === undefined) {
    let best = -1;
    let bestLetters = 0;
    for (let i = 0; i < width; i++) {
      if (i === roles.quantity || share(i, hasWord) < 0.5) continue;
      const cells = sample.map((r) => r[i] ?? '');
      const mean = cells.reduce((n, c) => n + letters(c), 0) / Math.max(1, cells.length);
      if (mean > bestLetters) [best, bestLetters] = [i, mean];
    }
    if (best >= 0) roles.name = best;
  }
  if (roles.name === undefined) throw validationError({ file: [NO_COLUMN] });
  return { roles, headerRow };
}
