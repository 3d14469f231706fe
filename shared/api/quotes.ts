/** Quote requests as the API shows them (src/modules/quotes/). */
import type { PlantList } from './plant-lists.ts';

export type QuoteStatus = 'new' | 'quoted' | 'won' | 'lost';

/** One requested line: the catalogue data of the moment it was requested, and the quantity. */
export interface QuoteRequestLine {
  id: number;
  /** Null once the catalogue row was removed. */
  catalogue_item_id: number | null;
  genus: string;
  species: string;
  common_name: string;
  form: string;
  height: string;
  quantity: number;
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
