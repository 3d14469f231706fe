import { Model } from 'objection';
import type { QuotationStatus } from '../../../shared/api/quotations.ts';

/** A quotation: one version of the answer to a quote request (migration 20261129000001). */
export class QuotationRow extends Model {
  static override tableName = 'quotations';
  id!: number;
  quote_request_id!: number;
  version!: number;
  reference!: string;
  status!: QuotationStatus;
  delivery_pence!: number;
  vat_rate_bp!: number;
  /** A DATE column: node-postgres reads it as a Date at local midnight (see dateOnly). */
  valid_until!: Date | string | null;
  note!: string;
  subtotal_pence!: number | null;
  vat_pence!: number | null;
  total_pence!: number | null;
  pdf_key!: string | null;
  pdf_bytes!: string | number | null;
  created_by!: number | null;
  sent_by!: number | null;
  sent_at!: Date | null;
  answered_at!: Date | null;
  decline_reason!: string | null;
  created_at!: Date;
  updated_at!: Date;
}

/** One line of a quotation. */
export class QuotationLineRow extends Model {
  static override tableName = 'quotation_lines';
  id!: number;
  quotation_id!: number;
  position!: number;
  quote_request_line_id!: number | null;
  is_substitute!: boolean;
  catalogue_item_id!: number | null;
  code!: string;
  genus!: string;
  species!: string;
  common_name!: string;
  form!: string;
  height!: string;
  quantity!: number;
  unit_price_pence!: number | null;
  note!: string;
}
