/** Quote requests as the API shows them (src/modules/quotes/). */
import type { CatalogueTrade } from './catalogue.ts';
import type { PlantList } from './plant-lists.ts';
import type { Quotation } from './quotations.ts';

export type QuoteStatus = 'new' | 'quoted' | 'won' | 'lost';

/** One requested line: the catalogue data of the moment it was requested, and the quantity. */
export interface QuoteRequestLine {
  id: number;
  /** The catalogue line it names (null only for one deleted before lines were retired instead). */
  catalogue_item_id: number | null;
  /** The product code as requested; empty for a line requested before codes existed whose row was gone. */
  code: string;
  genus: string;
  species: string;
  common_name: string;
  form: string;
  height: string;
  quantity: number;
  /** False once the catalogue line was retired (or is gone): "No longer available". */
  available: boolean;
}

/**
 * GET /api/quote-requests/defaults (signed in): what the quote form starts with, from the buyer's
 * approved trade account ('' without one). The server also fills a request's blank company and
 * postcode from it.
 */
export interface QuoteDefaults {
  company: string;
  delivery_postcode: string;
}

/** POST /api/quote-requests → 201. */
export interface QuoteRequestCreated {
  id: number;
  /** Like `Q-2026-000123`. */
  reference: string;
}

/** A request in a list (the buyer's "My quote requests", the admin inbox). */
export interface QuoteRequestSummary {
  id: number;
  reference: string;
  status: QuoteStatus;
  name: string;
  company: string;
  email: string;
  delivery_postcode: string;
  /** YYYY-MM-DD or null. */
  wanted_by: string | null;
  line_count: number;
  /** ISO 8601. */
  created_at: string;
  /** ISO 8601; when staff first set a status other than new. */
  handled_at: string | null;
}

/** One request with its lines (GET /api/quote-requests/{id}, GET /api/admin/quote-requests/{id}). */
export interface QuoteRequestDetail extends QuoteRequestSummary {
  telephone: string;
  notes: string;
  lines: QuoteRequestLine[];
}

/** GET /api/quote-requests/{id}: the buyer's request with its quotations, sent versions only, newest first. */
export interface BuyerQuoteRequestDetail extends QuoteRequestDetail {
  quotations: Quotation[];
}

/**
 * A requested line's catalogue line today, as staff see it to price the request: its trade price
 * and availability, the unit price for the requested quantity (the highest break it reaches, else
 * the list price) and the line total; the prices null where the line has none for that quantity.
 */
export interface QuoteLineNow {
  trade: CatalogueTrade;
  unit_price_pence: number | null;
  /** The break's quantity when a break sets the unit price; null for the list price. */
  break_min_quantity: number | null;
  line_total_pence: number | null;
}

/** A line of a request in the admin: `current` is null once the line is no longer in the catalogue. */
export interface AdminQuoteRequestLine extends QuoteRequestLine {
  current: QuoteLineNow | null;
}

/**
 * GET/PATCH /api/admin/quote-requests/{id}: the request with today's trade prices per line, for
 * staff only (a buyer's own request, GET /api/quote-requests/{id}, has none of this).
 */
export interface AdminQuoteRequestDetail extends QuoteRequestDetail {
  lines: AdminQuoteRequestLine[];
  /** The priced lines' totals added up, excluding VAT; null when no line has a price. */
  estimated_total_pence: number | null;
  /** Lines the estimate leaves out: no price for their quantity, or no longer in the catalogue. */
  unpriced_lines: number;
}

/**
 * What "Copy into my plant list" did with each requested line (by its `QuoteRequestLine.id`):
 * added as a new line, merged into the line already on the list (its quantity before and after:
 * the quantities add up, at most the largest a line holds), or not copied, and why.
 */
export interface CopiedLines {
  added: { line_id: number; quantity: number }[];
  merged: { line_id: number; before: number; after: number }[];
  skipped: { line_id: number; reason: 'no_longer_available' }[];
}

/** POST /api/quote-requests/{id}/copy: the buyer's list after the copy, and what the copy did. */
export interface QuoteRequestCopy {
  list: PlantList;
  copied: CopiedLines;
}
