import { Model } from 'objection';
import type { OrderStatus } from '../../../shared/api/orders.ts';
import type { PlantListSnapshot } from '../../../shared/api/plant-lists.ts';

/**
 * An order: an accepted quotation, with the buyer's details copied from the quote request so a
 * guest's or a deleted account's order stays whole, and the totals copied from the quotation.
 */
export class Order extends Model {
  static override tableName = 'orders';
  id!: number;
  reference!: string;
  quotation_id!: number;
  user_id!: number | null;
  name!: string;
  company!: string;
  email!: string;
  po_number!: string;
  delivery_address!: string;
  delivery_postcode!: string;
  /** A DATE column: node-postgres reads it as a Date at local midnight; presented as YYYY-MM-DD. */
  wanted_by!: Date | string | null;
  status!: OrderStatus;
  subtotal_pence!: number;
  delivery_pence!: number;
  vat_pence!: number;
  total_pence!: number;
  created_at!: Date;
  updated_at!: Date;
}

/** One ordered line, snapshotted from the quotation line it was accepted as. */
export interface OrderLineRow extends PlantListSnapshot {
  id: number;
  order_id: number;
  position: number;
  catalogue_item_id: number | null;
  quantity: number;
  unit_price_pence: number;
  reserved: boolean;
}

/** One step of an order's history; `changed_by_name` is joined in for staff. */
export interface OrderStatusChangeRow {
  id: number;
  order_id: number;
  status: OrderStatus;
  changed_by: number | null;
  changed_by_name?: string | null;
  note: string;
  created_at: Date;
}

type QuotationStatus = 'draft' | 'sent' | 'accepted' | 'declined' | 'expired' | 'superseded';

/** What acceptance reads of a quotation (the quotations module owns the row). */
export interface QuotationRow {
  id: number;
  quote_request_id: number;
  version: number;
  reference: string;
  status: QuotationStatus;
  valid_until: Date | string | null;
  delivery_pence: number;
  vat_rate_bp: number;
  subtotal_pence: number | null;
  vat_pence: number | null;
  total_pence: number | null;
  decline_reason: string | null;
}

/** A priced line of a quotation, as it is copied into the order. */
export interface QuotationLineRow extends PlantListSnapshot {
  id: number;
  position: number;
  catalogue_item_id: number | null;
  quantity: number;
  unit_price_pence: number;
}
