import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { PreviewLine } from '../../../shared/api/catalogue.ts';

/** Lines listed per kind: enough to check an import by eye, while the counts cover every row. */
export const PREVIEW_LIST_LIMIT = 200;

/**
 * A line's identity: the same plant in the same form and height, whatever the capitals and runs of
 * spaces (as the unique index of active lines reads it).
 */
export const keyOf = (line: Pick<PreviewLine, 'genus' | 'species' | 'form' | 'height'>) =>
  [line.genus, line.species, line.form, line.height].map((v) => v.trim().replace(/\s+/g, ' ').toLowerCase()).join('\u0000');
/** The trade fields an import may set. */
export const TRADE_KEYS = ['price_pence', 'price_breaks', 'stock_status', 'stock_quantity', 'ready_from'] as const;

/** A line's trade fields when any is set: a line without prices previews as it did before trade accounts. */
const setTrade = (trade: PreviewLine['trade']) =>
  trade && (trade.price_breaks.length || TRADE_KEYS.some((k) => k !== 'price_breaks' && trade[k] !== null)) ? { trade } : {};
/** A line as the preview lists it: the contract's fields only. */
export const lineOf = ({ code, genus, species, common_name, form, height, trade }: PreviewLine): PreviewLine => ({
  code,
  genus,
  species,
  common_name,
  form,
  height,
  ...setTrade(trade),
});

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
