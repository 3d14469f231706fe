import type { CatalogueLine } from '../../../shared/api/catalogue.ts';
import type { AdminQuoteRequestDetail, QuoteRequestDetail, QuoteRequestLine, QuoteRequestSummary } from '../../../shared/api/quotes.ts';
import type { QuoteRequest, QuoteRequestLineRow } from './model.ts';
import { priceForQuantity } from './pricing.ts';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** A DATE column as YYYY-MM-DD, whether the driver gave a Date (local midnight) or the text. */
export function dateOnly(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** A request in a list: an explicit field list (no IP). */
export function presentSummary(request: QuoteRequest, lineCount: number): QuoteRequestSummary {
  return {
    id: request.id,
    reference: request.reference,
    status: request.status,
    name: request.name,
    company: request.company,
    email: request.email,
    delivery_postcode: request.delivery_postcode,
    wanted_by: dateOnly(request.wanted_by),
    line_count: lineCount,
    created_at: iso(request.created_at)!,
    handled_at: iso(request.handled_at),
  };
}

/** A requested line; `available` says whether its catalogue line is still in the catalogue. */
function presentLine(line: QuoteRequestLineRow, available: boolean): QuoteRequestLine {
  return {
    id: line.id,
    catalogue_item_id: line.catalogue_item_id,
    code: line.code,
    genus: line.genus,
    species: line.species,
    common_name: line.common_name,
    form: line.form,
    height: line.height,
    quantity: line.quantity,
    available,
  };
}

/** One request with its lines in the order requested; `available`: the catalogue ids still in the catalogue. */
export function presentDetail(request: QuoteRequest, lines: QuoteRequestLineRow[], available: ReadonlySet<number>): QuoteRequestDetail {
  const presented = lines.map((line) => presentLine(line, line.catalogue_item_id !== null && available.has(line.catalogue_item_id)));
  return { ...presentSummary(request, lines.length), telephone: request.telephone, notes: request.notes, lines: presented };
}

/**
 * One request as staff price it: each line with its catalogue line's trade price and availability
 * today (`catalogue` keyed by id, staff's view), and the estimated total of the priced lines.
 */
export function presentAdminDetail(
  request: QuoteRequest,
  lines: QuoteRequestLineRow[],
  catalogue: Map<number, CatalogueLine>,
): AdminQuoteRequestDetail {
  // A retired line is no longer in the catalogue: no price to quote from.
  const live = (line: QuoteRequestLineRow) => {
    const now = line.catalogue_item_id === null ? undefined : catalogue.get(line.catalogue_item_id);
    return now && !now.retired_at ? now : undefined;
  };
  const priced = lines.map((line) => {
    const now = live(line);
    return { ...presentLine(line, !!now), current: now?.trade ? priceForQuantity(now.trade, line.quantity) : null };
  });
  const available = new Set(lines.flatMap((line) => (live(line) ? [line.catalogue_item_id!] : [])));
  const totals = priced.flatMap((line) => (line.current?.line_total_pence == null ? [] : [line.current.line_total_pence]));
  return {
    ...presentDetail(request, lines, available),
    lines: priced,
    estimated_total_pence: totals.length ? totals.reduce((sum, total) => sum + total, 0) : null,
    unpriced_lines: lines.length - totals.length,
  };
}
