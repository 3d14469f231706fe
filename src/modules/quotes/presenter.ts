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

export function presentLine(line: QuoteRequestLineRow): QuoteRequestLine {
  return {
    id: line.id,
    catalogue_item_id: line.catalogue_item_id,
    genus: line.genus,
    species: line.species,
    common_name: line.common_name,
    form: line.form,
    height: line.height,
    quantity: line.quantity,
  };
}

/** One request with its lines in the order requested. */
export function presentDetail(request: QuoteRequest, lines: QuoteRequestLineRow[]): QuoteRequestDetail {
  return { ...presentSummary(request, lines.length), telephone: request.telephone, notes: request.notes, lines: lines.map(presentLine) };
}

/**
 * One request as staff price it: each line with its catalogue line's trade price and availability
 * today (`catalogue` keyed by id, staff's view), and the estimated total of the priced lines.
 */
export function presentAdminDetail(request: QuoteRequest, lines: QuoteRequestLineRow[], catalogue: Map<number, CatalogueLine>): AdminQuoteRequestDetail {
  const priced = lines.map((line) => {
    const now = line.catalogue_item_id ? catalogue.get(line.catalogue_item_id) : undefined;
    return { ...presentLine(line), current: now?.trade ? priceForQuantity(now.trade, line.quantity) : null };
  });
  const totals = priced.flatMap((line) => (line.current?.line_total_pence == null ? [] : [line.current.line_total_pence]));
  return {
    ...presentDetail(request, lines),
    lines: priced,
    estimated_total_pence: totals.length ? totals.reduce((sum, total) => sum + total, 0) : null,
    unpriced_lines: lines.length - totals.length,
  };
}
