import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { ImportedItem } from './import.ts';
import type { ImportPreview, PreviewLine } from '../../../shared/api/catalogue.ts';

/** Lines listed per kind: enough to check an import by eye, while the counts cover every row. */
export const PREVIEW_LIST_LIMIT = 200;

/** A line's identity: the same plant in the same form and height, whatever the capitals. */
export const keyOf = (line: Pick<PreviewLine, 'genus' | 'species' | 'form' | 'height'>) => [line.genus, line.species, line.form, line.height].map((v) => v.toLowerCase()).join('\u0000');
/** The trade fields an import may set. */
export const TRADE_KEYS = ['price_pence', 'price_breaks', 'stock_status', 'stock_quantity', 'ready_from'] as const;

/** A line's trade fields when any is set: a line without prices previews as it did before trade accounts. */
const setTrade = (trade: PreviewLine['trade']) =>
  trade && (trade.price_breaks.length || TRADE_KEYS.some((k) => k !== 'price_breaks' && trade[k] !== null)) ? { trade } : {};
const lineOf = ({ genus, species, common_name, form, height, trade }: PreviewLine): PreviewLine => ({ genus, species, common_name, form, height, ...setTrade(trade) });
/**
 * A line's trade fields as comparable text, keys in one order: the stored breaks come back from
 * jsonb with their keys reordered, and a key order is no change.
 */
const tradeText = (trade: PreviewLine['trade']) =>
  trade
    ? JSON.stringify([trade.price_pence, trade.price_breaks.map((b) => [b.min_quantity, b.price_pence]), trade.stock_status, trade.stock_quantity, trade.ready_from])
    : 'null';
const same = (a: PreviewLine, b: PreviewLine) =>
  a.genus === b.genus &&
  a.species === b.species &&
  a.common_name === b.common_name &&
  a.form === b.form &&
  a.height === b.height &&
  tradeText(a.trade) === tradeText(b.trade);

/**
 * An imported line as the preview shows it: its trade fields are those the file has, the line's
 * current ones where the file has no such column (the import keeps them; see keptTradeFields).
 */
function incomingLine(item: ImportedItem, before: PreviewLine | undefined): PreviewLine {
  const line = lineOf(item);
  if (!before?.trade && TRADE_KEYS.every((k) => item[k] === undefined)) return line;
  const trade = { ...(before?.trade ?? { price_pence: null, price_breaks: [], stock_status: null, stock_quantity: null, ready_from: null }) };
  for (const k of TRADE_KEYS) if (item[k] !== undefined) (trade as Record<string, unknown>)[k] = item[k] ?? (k === 'price_breaks' ? [] : null);
  return { ...line, ...setTrade(trade) };
}

/**
 * Compares the catalogue with an import: a line is added when its genus, species, form and height
 * are new, changed when they match but its spelling, common name or trade fields differ, removed when the file
 * no longer has it.
 */
export function diffCatalogue(current: PreviewLine[], incoming: ImportedItem[], token: string): ImportPreview {
  const existing = new Map<string, PreviewLine>();
  for (const row of current) if (!existing.has(keyOf(row))) existing.set(keyOf(row), lineOf(row));
  const preview: ImportPreview = { token, counts: { added: 0, changed: 0, removed: 0, unchanged: 0 }, added: [], changed: [], removed: [] };
  const list = <T>(into: T[], item: T) => into.length < PREVIEW_LIST_LIMIT && into.push(item);
  for (const item of incoming) {
    const key = keyOf(item);
    const before = existing.get(key);
    const after = incomingLine(item, before);
    existing.delete(key);
    if (!before) {
      preview.counts.added++;
      list(preview.added, after);
    } else if (!same(before, after)) {
      preview.counts.changed++;
      list(preview.changed, { before, after });
    } else preview.counts.unchanged++;
  }
  for (const gone of existing.values()) {
    preview.counts.removed++;
    list(preview.removed, gone);
  }
  return preview;
}

/** The SHA-256 of a file, streamed. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Binds a preview to the catalogue revision it was computed on and the file it was computed from. */
export const previewToken = (revision: number, sha256: string) => `${revision}.${sha256}`;

/** The revision a token was issued for, or undefined for something that is not a token. */
export function tokenRevision(token: string): number | undefined {
  const match = /^(\d{1,15})\.[0-9a-f]{64}$/.exec(token);
  return match ? Number(match[1]) : undefined;
}
