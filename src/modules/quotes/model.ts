import { Model } from 'objection';
import type { QuoteStatus } from '../../../shared/api/quotes.ts';

/** A quote request: the buyer's details as given, so a guest's or a deleted account's request stays whole. */
export class QuoteRequest extends Model {
  static override tableName = 'quote_requests';
  id!: number;
  reference!: string;
  user_id!: number | null;
  name!: string;
  company!: string;
  email!: string;
  telephone!: string;
  delivery_postcode!: string;
  /** A DATE column: node-postgres reads it as a Date at local midnight; presented as YYYY-MM-DD. */
  wanted_by!: Date | string | null;
  notes!: string;
  status!: QuoteStatus;
  ip!: string | null;
  /** Whether the buyer's confirmation is mailed: false past the per-address limit (decided when stored). */
  send_confirmation!: boolean;
  handled_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

/** One requested line, with the catalogue data of the moment it was requested. */
export class QuoteRequestLineRow extends Model {
  static override tableName = 'quote_request_lines';
  id!: number;
  quote_request_id!: number;
  catalogue_item_id!: number | null;
  /** The product code as requested ('' for a line requested before codes whose row was gone). */
  code!: string;
  genus!: string;
  species!: string;
  common_name!: string;
  form!: string;
  height!: string;
  quantity!: number;
}
