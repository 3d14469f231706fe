/** Orders as the API shows them (src/modules/orders/): accepted quotations, and their status history. */
import type { CopiedLines } from './quotes.ts';
import type { PlantList, PlantListSnapshot } from './plant-lists.ts';

/** Forward only, in this order; `cancelled` from any state before `delivered`. */
export const ORDER_STATUSES = ['confirmed', 'picking', 'dispatched', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What a buyer reads for each status ("being picked" rather than "picking"). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: 'Confirmed',
  picking: 'Being picked',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** POST /api/quotations/{id}/accept: the buyer's purchase order and where and when to deliver. */
export interface AcceptQuotationInput {
  po_number: string;
  delivery_address: string;
  /** A UK postcode, any case and spacing; stored as "TN27 9AA". */
  delivery_postcode: string;
  /** YYYY-MM-DD, today or later (UK date). */
  wanted_by: string;
  /** A guest's signed link token (signed-in owners leave it out). */
  token?: string;
}

/** POST /api/quotations/{id}/accept → 201. */
export interface OrderCreated {
  id: number;
  /** Like `SO-2026-000042`. */
  reference: string;
}

/** POST /api/quotations/{id}/decline → 200. */
export interface QuotationDeclined {
  id: number;
  status: 'declined';
}

export interface OrderLine extends PlantListSnapshot {
  id: number;
  position: number;
  catalogue_item_id: number | null;
  quantity: number;
  unit_price_pence: number;
  line_total_pence: number;
  /** Whether this line took stock when the order was confirmed (given back on cancellation). */
  reserved: boolean;
}

/** One step of an order's history. */
export interface OrderStatusChange {
  status: OrderStatus;
  note: string;
  /** ISO 8601. */
  created_at: string;
  /** Staff only: who made the change (null for the buyer's acceptance or the system). */
  changed_by?: string | null;
}

/** An order in a list (the buyer's "My orders", the admin list). */
export interface OrderSummary {
  id: number;
  reference: string;
  quotation_reference: string;
  status: OrderStatus;
  name: string;
  company: string;
  po_number: string;
  /** YYYY-MM-DD or null. */
  wanted_by: string | null;
  total_pence: number;
  line_count: number;
  /** ISO 8601. */
  created_at: string;
}

/** GET /api/orders/{id}, GET /api/admin/orders/{id}. */
export interface OrderDetail extends OrderSummary {
  email: string;
  delivery_address: string;
  delivery_postcode: string;
  subtotal_pence: number;
  delivery_pence: number;
  vat_pence: number;
  lines: OrderLine[];
  history: OrderStatusChange[];
  /** Staff only: the statuses the order may move to now. */
  next_statuses?: OrderStatus[];
}

/** POST /api/orders/{id}/copy: the list afterwards, and what happened to each line. */
export interface OrderCopy {
  list: PlantList;
  copied: CopiedLines;
  /** Asked for with `new_list`: the list made for the copy (named after the order). */
  new_list?: { id: number; name: string };
}
