import type { CatalogueLine } from '../../../shared/api/catalogue.ts';
import type { AdminQuotation, Quotation, QuotationLine, QuotationSummary, QuotationTotals } from '../../../shared/api/quotations.ts';
import { dateOnly } from '../../../shared/uk-day.ts';
import { availabilityOf } from './draft-lines.ts';
import type { QuotationLineRow, QuotationRow } from './model.ts';
import { lineTotal, quotationTotals } from '../../../shared/quotation-totals.ts';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/**
 * The totals: as fixed when it was sent (what the buyer accepts is what was sent), worked out
 * afresh from the lines while it is a draft.
 */
export function totalsOf(row: QuotationRow, lines: readonly QuotationLineRow[]): QuotationTotals {
  if (row.status !== 'draft' && row.subtotal_pence !== null && row.vat_pence !== null && row.total_pence !== null)
    return {
      subtotal_pence: row.subtotal_pence,
      delivery_pence: row.delivery_pence,
      vat_pence: row.vat_pence,
      total_pence: row.total_pence,
    };
  return quotationTotals({ lines, delivery_pence: row.delivery_pence, vat_rate_bp: row.vat_rate_bp });
}

function presentLine(line: QuotationLineRow): QuotationLine {
  return {
    id: line.id,
    position: line.position,
    quote_request_line_id: line.quote_request_line_id,
    is_substitute: line.is_substitute,
    catalogue_item_id: line.catalogue_item_id,
    code: line.code,
    genus: line.genus,
    species: line.species,
    common_name: line.common_name,
    form: line.form,
    height: line.height,
    quantity: line.quantity,
    unit_price_pence: line.unit_price_pence,
    line_total_pence: lineTotal(line),
    note: line.note,
  };
}

/** The fields both sides see; an explicit list (no storage key, no staff ids). */
function common(row: QuotationRow, lines: readonly QuotationLineRow[]) {
  return {
    id: row.id,
    quote_request_id: row.quote_request_id,
    reference: row.reference,
    version: row.version,
    status: row.status,
    delivery_pence: row.delivery_pence,
    vat_rate_bp: row.vat_rate_bp,
    valid_until: dateOnly(row.valid_until),
    note: row.note,
    totals: totalsOf(row, lines),
    sent_at: iso(row.sent_at),
    answered_at: iso(row.answered_at),
    decline_reason: row.decline_reason,
  };
}

/**
 * A quotation as its buyer reads it; `pdfUrl` is where this reader downloads it (null until made),
 * `deliveryPostcode` the request's (the answer form starts from it).
 */
export function presentQuotation(
  row: QuotationRow,
  lines: readonly QuotationLineRow[],
  pdfUrl: string | null,
  deliveryPostcode: string,
): Quotation {
  return {
    ...common(row, lines),
    lines: lines.map(presentLine),
    pdf_url: row.pdf_key ? pdfUrl : null,
    delivery_postcode: deliveryPostcode,
  };
}

/** A quotation as staff edit it: each line with whether its catalogue line can be supplied today. */
export function presentAdminQuotation(
  row: QuotationRow,
  lines: readonly QuotationLineRow[],
  catalogue: ReadonlyMap<number, CatalogueLine>,
): AdminQuotation {
  return {
    ...common(row, lines),
    lines: lines.map((line) => ({
      ...presentLine(line),
      availability: availabilityOf(line.catalogue_item_id === null ? undefined : catalogue.get(line.catalogue_item_id)),
    })),
    pdf_url: row.pdf_key ? `/api/admin/quote-requests/${row.quote_request_id}/quotation/${row.id}/pdf` : null,
  };
}

export function presentSummary(row: QuotationRow, lines: readonly QuotationLineRow[]): QuotationSummary {
  return {
    id: row.id,
    reference: row.reference,
    version: row.version,
    status: row.status,
    valid_until: dateOnly(row.valid_until),
    totals: totalsOf(row, lines),
    sent_at: iso(row.sent_at),
    updated_at: iso(row.updated_at)!,
  };
}
