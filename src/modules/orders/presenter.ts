import type { OrderDetail, OrderLine, OrderStatusChange, OrderSummary } from '../../../shared/api/orders.ts';
import { dateOnly } from '../../../shared/uk-day.ts';
import type { Order, OrderLineRow, OrderStatusChangeRow } from './model.ts';
import { nextStatuses } from './transitions.ts';

/** An order as lists read it, with its quotation's reference and line count joined in. */
export type OrderListRow = Order & { quotation_reference: string; line_count: number | string };

export function presentSummary(order: OrderListRow): OrderSummary {
  return {
    id: order.id,
    reference: order.reference,
    quotation_reference: order.quotation_reference,
    status: order.status,
    name: order.name,
    company: order.company,
    po_number: order.po_number,
    wanted_by: dateOnly(order.wanted_by),
    total_pence: order.total_pence,
    line_count: Number(order.line_count),
    created_at: new Date(order.created_at).toISOString(),
  };
}

function presentLine(line: OrderLineRow): OrderLine {
  return {
    id: line.id,
    position: line.position,
    catalogue_item_id: line.catalogue_item_id,
    code: line.code,
    genus: line.genus,
    species: line.species,
    common_name: line.common_name,
    form: line.form,
    height: line.height,
    quantity: line.quantity,
    unit_price_pence: line.unit_price_pence,
    line_total_pence: line.quantity * line.unit_price_pence,
    reserved: line.reserved,
  };
}

function presentChange(change: OrderStatusChangeRow, staff: boolean): OrderStatusChange {
  const base = { status: change.status, note: change.note, created_at: new Date(change.created_at).toISOString() };
  return staff ? { ...base, changed_by: change.changed_by_name ?? null } : base;
}

/** One order with its lines and history; staff also see who made each change and where it may go next. */
export function presentDetail(order: OrderListRow, lines: OrderLineRow[], history: OrderStatusChangeRow[], staff = false): OrderDetail {
  const detail: OrderDetail = {
    ...presentSummary(order),
    email: order.email,
    delivery_address: order.delivery_address,
    delivery_postcode: order.delivery_postcode,
    subtotal_pence: order.subtotal_pence,
    delivery_pence: order.delivery_pence,
    vat_pence: order.vat_pence,
    lines: lines.map(presentLine),
    history: history.map((change) => presentChange(change, staff)),
  };
  return staff ? { ...detail, next_statuses: nextStatuses(order.status) } : detail;
}
