import type { CatalogueLine, CatalogueTrade, ImportPreview, PreviewLine } from '../../../shared/api/catalogue.ts';
import type { ImportedItem } from './import.ts';
import { keyOf, lineOf, PREVIEW_LIST_LIMIT, TRADE_KEYS } from './import-preview.ts';
import { halfReadyFrom } from './ready-from-rule.ts';
import { NOTHING_STORED, readyFromProblem } from './schema.ts';

/** A stored line as an import compares it: its id, whether it is retired, and what the file may set. */
export type StoredLine = Pick<CatalogueLine, 'id' | 'code' | 'genus' | 'species' | 'common_name' | 'form' | 'height'> & {
  retired: boolean;
  trade: CatalogueTrade;
};

/** An imported row with the spreadsheet row it came from (for the messages). */
export type NumberedItem = ImportedItem & { row?: number };

/** The fields of a line an import writes, as a patch of the stored row. */
type LinePatch = Partial<Record<'code' | 'genus' | 'species' | 'common_name' | 'form' | 'height' | (typeof TRADE_KEYS)[number], unknown>>;

/** A matched line the import changes: its id, how it reads before and after, and what to write. */
export interface LineChange {
  id: number;
  before: PreviewLine;
  after: PreviewLine;
  patch: LinePatch;
}

/** What an import does to the catalogue; `errors` (by row) means it does nothing at all. */
export interface ImportPlan {
  added: { item: NumberedItem; line: PreviewLine }[];
  changed: LineChange[];
  reinstated: LineChange[];
  retired: StoredLine[];
  unchanged: number;
  errors: string[];
}

const DESCRIPTION = ['genus', 'species', 'common_name', 'form', 'height'] as const;

/** How a line reads in a message: "Acer campestre, Bare root, 60-90 (ACECAM-BR-6090)". */
export const describeLine = (line: Pick<StoredLine, 'code' | 'genus' | 'species' | 'form' | 'height'>) =>
  `${line.genus} ${line.species}, ${line.form}, ${line.height} (${line.code})`;

export const codeUsedBy = (line: Parameters<typeof describeLine>[0]) => `This product code is already used by ${describeLine(line)}.`;

const stored = (line: StoredLine): PreviewLine => lineOf({ ...line });

/**
 * A trade value as compared: breaks as [quantity, pence] pairs (jsonb hands the stored breaks back
 * with their keys reordered, and a key order is no change), an absent value as null.
 */
const comparable = (key: (typeof TRADE_KEYS)[number], value: unknown) =>
  key === 'price_breaks'
    ? JSON.stringify(((value ?? []) as { min_quantity: number; price_pence: number }[]).map((b) => [b.min_quantity, b.price_pence]))
    : value === undefined
      ? null
      : value;

/**
 * Matches an import's rows to the stored lines and says what changes. A row with a product code
 * matches the line holding that code; a row without one matches, by genus, species, form and
 * height (any capitals), a line no coded row claimed — an active one before a retired one. A
 * matched line changes only where the row differs from it (a trade column the file lacks keeps
 * the stored value), so importing an unchanged export changes nothing. A row matching no line is
 * added; a line no row matched is retired; a retired line a row matched is reinstated. A code
 * another line has or had (`formerCodes`) is refused for the row, as a code is never reused.
 */
export function planImport(lines: StoredLine[], rows: NumberedItem[], formerCodes: ReadonlyMap<string, StoredLine>): ImportPlan {
  const plan: ImportPlan = { added: [], changed: [], reinstated: [], retired: [], unchanged: 0, errors: [] };
  const byCode = new Map(lines.map((line) => [line.code, line]));
  const claimed = new Set<number>();
  const match = new Map<NumberedItem, StoredLine>();
  const rowName = (row: NumberedItem, index: number) => `Row ${row.row ?? index + 2}`;

  rows.forEach((row, index) => {
    if (!row.code) return;
    const line = byCode.get(row.code);
    if (line) {
      match.set(row, line);
      claimed.add(line.id);
      return;
    }
    const owner = formerCodes.get(row.code);
    if (owner) plan.errors.push(`${rowName(row, index)}: ${codeUsedBy(owner)}`);
  });

  // Every row becomes an active line: two of one description would be two lines of one plant.
  const described = new Map<string, string>();
  rows.forEach((row, index) => {
    const first = described.get(keyOf(row));
    if (first) plan.errors.push(`${rowName(row, index)}: the same genus, species, form and height as ${first.toLowerCase()}.`);
    else described.set(keyOf(row), rowName(row, index));
  });

  // Uncoded rows take the unclaimed lines of their description, active ones first, then newest.
  const byKey = new Map<string, StoredLine[]>();
  const unclaimed = lines.filter((line) => !claimed.has(line.id)).sort((a, b) => Number(a.retired) - Number(b.retired) || b.id - a.id);
  for (const line of unclaimed) byKey.set(keyOf(line), [...(byKey.get(keyOf(line)) ?? []), line]);
  for (const row of rows) {
    if (row.code) continue;
    const line = byKey.get(keyOf(row))?.shift();
    if (line) {
      match.set(row, line);
      claimed.add(line.id);
    }
  }

  rows.forEach((row, index) => {
    const line = match.get(row);
    // The ready-from rule with the values a row keeps from its line (a file with one of the two columns).
    if (halfReadyFrom(row)) {
      const problem = readyFromProblem(
        row,
        line ? { stock_status: line.trade.stock_status, ready_from: line.trade.ready_from } : NOTHING_STORED,
      );
      if (problem) plan.errors.push(`${rowName(row, index)}: ${problem}`);
    }
    if (!line) {
      plan.added.push({ item: row, line: incoming(row, undefined) });
      return;
    }
    const patch: LinePatch = {};
    for (const key of DESCRIPTION) if (row[key] !== line[key]) patch[key] = row[key];
    if (row.code && row.code !== line.code) patch.code = row.code;
    for (const key of TRADE_KEYS) {
      if (row[key] !== undefined && comparable(key, row[key]) !== comparable(key, line.trade[key])) patch[key] = row[key];
    }
    const change = { id: line.id, before: stored(line), after: incoming(row, line), patch };
    if (line.retired) plan.reinstated.push(change);
    else if (Object.keys(patch).length) plan.changed.push(change);
    else plan.unchanged++;
  });

  plan.retired = lines.filter((line) => !claimed.has(line.id) && !line.retired);
  return plan;
}

/** A row as its line will read: the stored trade values where the file has no such column. */
function incoming(row: NumberedItem, line: StoredLine | undefined): PreviewLine {
  const trade = { ...(line?.trade ?? { price_pence: null, price_breaks: [], stock_status: null, stock_quantity: null, ready_from: null }) };
  for (const key of TRADE_KEYS)
    if (row[key] !== undefined) (trade as Record<string, unknown>)[key] = row[key] ?? (key === 'price_breaks' ? [] : null);
  return lineOf({
    code: row.code ?? line?.code ?? '',
    genus: row.genus,
    species: row.species,
    common_name: row.common_name,
    form: row.form,
    height: row.height,
    trade,
  });
}

/** The preview of a plan (import-plan.ts): every count, and the first lines of each kind. */
export function previewOf(plan: ImportPlan, token: string): ImportPreview {
  const first = <T>(items: T[]) => items.slice(0, PREVIEW_LIST_LIMIT);
  return {
    token,
    counts: {
      added: plan.added.length,
      changed: plan.changed.length,
      retired: plan.retired.length,
      reinstated: plan.reinstated.length,
      unchanged: plan.unchanged,
    },
    added: first(plan.added).map((a) => a.line),
    changed: first(plan.changed).map(({ before, after }) => ({ before, after })),
    retired: first(plan.retired).map((line) => lineOf(line)),
    reinstated: first(plan.reinstated).map((r) => r.after),
  };
}
