/** Quote requests as the API shows them (src/modules/quotes/). */

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
