/** Priced quotations as the API shows them (src/modules/quotations/). Prices in whole pence. */
import type { PlantListSnapshot } from './plant-lists.ts';

export type QuotationStatus = 'draft' | 'sent' | 'accepted' | 'declined' | 'expired' | 'superseded';

/** The money of a quotation, from one rule (src/modules/quotations/totals.ts). */
export interface QuotationTotals {
  /** The lines' totals added up (a line without a price counts nothing). */
  subtotal_pence: number;
  delivery_pence: number;
  /** VAT on subtotal + delivery at the quotation's rate, rounded once on the total (half a penny up). */
  vat_pence: number;
  /** Subtotal + delivery + VAT. */
  total_pence: number;
}

/** One priced line. A substitute names (by `quote_request_line_id`) the requested line it stands in for. */
export interface QuotationLine extends PlantListSnapshot {
  id: number;
  position: number;
  /** The requested line this prices or replaces; null for a line staff added. */
  quote_request_line_id: number | null;
  is_substitute: boolean;
  catalogue_item_id: number | null;
  quantity: number;
  /** Null only on a draft, for a line staff have not priced yet (price on request). */
  unit_price_pence: number | null;
  line_total_pence: number | null;
  note: string;
}

/** A quotation as its buyer sees it (sent or later: a draft is never shown to the buyer). */
export interface Quotation {
  id: number;
  quote_request_id: number;
  /** Like `Q-2026-000123/2`. */
  reference: string;
  version: number;
  status: QuotationStatus;
  delivery_pence: number;
  vat_rate_bp: number;
  /** YYYY-MM-DD: the last day it may be accepted. */
  valid_until: string | null;
  note: string;
  totals: QuotationTotals;
  lines: QuotationLine[];
  /** ISO 8601. */
  sent_at: string | null;
  answered_at: string | null;
  decline_reason: string | null;
  /** Where its PDF is downloaded; null until the worker has made it. */
  pdf_url: string | null;
  /** The quote request's delivery postcode (the answer form starts from it). */
  delivery_postcode: string;
}

/** In a list of versions (the admin request page). */
export interface QuotationSummary {
  id: number;
  reference: string;
  version: number;
  status: QuotationStatus;
  valid_until: string | null;
  totals: QuotationTotals;
  sent_at: string | null;
  /** ISO 8601. */
  updated_at: string;
}

/** What staff see of a line besides its price: whether the catalogue line can still be supplied. */
export type CatalogueAvailability = 'available' | 'out_of_stock' | 'retired' | 'gone';

export interface AdminQuotationLine extends QuotationLine {
  availability: CatalogueAvailability;
}

/** GET/POST/PATCH under /api/admin/quote-requests/{id}/quotation: a quotation as staff edit it. */
export interface AdminQuotation extends Omit<Quotation, 'lines' | 'pdf_url' | 'delivery_postcode'> {
  lines: AdminQuotationLine[];
  /** The staff download of its PDF; null until made. */
  pdf_url: string | null;
}
