import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/api/orders.ts';
import { penceText } from '../../../shared/trade-text.ts';
import type { BusinessDetails } from '../../config.ts';
import { escapeHtml } from '../../escape-html.ts';
import { calendarDate, heightText, longDate } from '../../mail/format.ts';
import { htmlLayout, oneLine, textFooter } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/transport.ts';
import { dateOnly } from '../../../shared/uk-day.ts';
import type { Order, OrderLineRow, OrderStatusChangeRow } from './model.ts';

/**
 * The order mails. Each says in its text part all its HTML says (test/mail-parity.ts): the table's
 * column headers are layout, which the text lines say by their shape. Every buyer's mail has
 * Reply-To the sales address, so an answer reaches the desk; the sales mails reply to the buyer.
 */

const CELL = 'style="padding:4px 8px;border-bottom:1px solid #e3e8df"';
const MUTED = 'style="color:#5b6657;font-size:13px"';
const HEADERS = ['Code', 'Plant', 'Form', 'Height', 'Quantity', 'Unit price', 'Line total'] as const;

const quantityText = (quantity: number) => quantity.toLocaleString('en-GB');
const plantName = (line: OrderLineRow) => `${line.genus} ${line.species}${line.common_name ? ` (${line.common_name})` : ''}`;

function linesTable(lines: OrderLineRow[]): string {
  const head = HEADERS.map((h) => `<th align="left" ${CELL}>${h}</th>`).join('');
  const rows = lines
    .map((l) => {
      const cells = [l.code, plantName(l), l.form, heightText(l.height)].map((v) => `<td ${CELL}>${escapeHtml(v)}</td>`).join('');
      const figures = [quantityText(l.quantity), penceText(l.unit_price_pence), penceText(l.quantity * l.unit_price_pence)]
        .map((v) => `<td align="right" ${CELL}>${v}</td>`)
        .join('');
      return `<tr>${cells}${figures}</tr>`;
    })
    .join('');
  return `<table role="presentation" style="border-collapse:collapse;margin:16px 0;font-size:14px"><tr>${head}</tr>${rows}</table>`;
}

const linesText = (lines: OrderLineRow[]) =>
  lines
    .map(
      (l) =>
        `${quantityText(l.quantity)} × ${l.code ? `${l.code} ` : ''}${plantName(l)}, ${l.form}, ${heightText(l.height)} at ${penceText(l.unit_price_pence)} = ${penceText(l.quantity * l.unit_price_pence)}`,
    )
    .join('\n');

function totalRows(order: Order): [string, string][] {
  return [
    ['Subtotal', penceText(order.subtotal_pence)],
    ['Delivery', penceText(order.delivery_pence)],
    ['VAT', penceText(order.vat_pence)],
    ['Total', penceText(order.total_pence)],
  ];
}

function orderRows(order: Order, quotationReference: string): [string, string][] {
  return [
    ['Order', order.reference],
    ['Quotation', quotationReference],
    ['Placed', longDate(new Date(order.created_at))],
    ['Your PO number', order.po_number],
    ['Name', order.name],
    ['Company', order.company || 'Not given'],
    ['Delivery address', `${order.delivery_address.replace(/\s*\n\s*/g, ', ')}, ${order.delivery_postcode}`],
    ['Wanted by', order.wanted_by ? calendarDate(dateOnly(order.wanted_by)!) : 'Not given'],
  ];
}

const rowsHtml = (rows: [string, string][]) =>
  `<table role="presentation" style="border-collapse:collapse;margin-bottom:16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#5b6657">${label}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
const rowsText = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`).join('\n');

/** A mail of title, paragraphs, detail rows and optionally the lines and totals, in both parts. */
function compose(
  business: BusinessDetails,
  title: string,
  paragraphs: string[],
  rows: [string, string][],
  order?: { order: Order; lines: OrderLineRow[] },
  outro = '',
): { html: string; text: string } {
  const paras = paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join('');
  const lines = order ? `${linesTable(order.lines)}${rowsHtml(totalRows(order.order))}` : '';
  const html = htmlLayout(
    business,
    title,
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${paras}${rowsHtml(rows)}${lines}${outro ? `<p ${MUTED}>${escapeHtml(outro)}</p>` : ''}`,
  );
  const linesPart = order ? `\n\n${linesText(order.lines)}\n\n${rowsText(totalRows(order.order))}` : '';
  const text = `${title}\n\n${paragraphs.map((p) => `${p}\n\n`).join('')}${rowsText(rows)}${linesPart}\n${outro ? `\n${outro}\n` : ''}${textFooter(business)}`;
  return { html, text };
}

/** The buyer's confirmation: what was ordered, where and when it goes, and the totals. */
export function orderConfirmationMail(
  order: Order,
  lines: OrderLineRow[],
  quotationReference: string,
  business: BusinessDetails,
  salesEmail: string,
): MailMessage {
  const title = `Order ${order.reference} confirmed`;
  const body = compose(
    business,
    title,
    [
      `Thank you, ${order.name}. We have your order and have set the plants aside for you. We will write again when it is being picked and when it is dispatched.`,
    ],
    orderRows(order, quotationReference),
    { order, lines },
    'Prices are in pounds; the total includes VAT. Reply to this email with any question about your order.',
  );
  return { to: order.email, replyTo: salesEmail, subject: oneLine(`${title} (your PO ${order.po_number})`).slice(0, 150), ...body };
}

/** The sales desk's copy of a new order, replying to the buyer. */
export function orderSalesMail(
  order: Order,
  lines: OrderLineRow[],
  quotationReference: string,
  business: BusinessDetails,
  to: string,
): MailMessage {
  const from = order.company ? `${order.name} (${order.company})` : order.name;
  const title = `New order ${order.reference}`;
  const body = compose(
    business,
    title,
    [`${from} accepted quotation ${quotationReference} online. The stock is reserved; the picking list is in the admin.`],
    [...orderRows(order, quotationReference), ['Email', order.email]],
    { order, lines },
    `Reply to this email to answer ${order.name} directly.`,
  );
  return { to, replyTo: order.email, subject: oneLine(`${title} from ${from}`).slice(0, 150), ...body };
}

const STATUS_SENTENCES: Record<OrderStatus, string> = {
  confirmed: 'Your order is confirmed.',
  picking: 'Your plants are being picked in the nursery now.',
  dispatched: 'Your order has been dispatched and is on its way to you.',
  delivered: 'Your order has been delivered. Thank you for buying from us.',
  cancelled: 'Your order has been cancelled. The plants set aside for it have been released.',
};

/** The buyer is told each step of their order, with staff's note if there is one. */
export function orderStatusMail(
  order: Order,
  change: OrderStatusChangeRow,
  quotationReference: string,
  business: BusinessDetails,
  salesEmail: string,
): MailMessage {
  const label = ORDER_STATUS_LABELS[change.status];
  const title = `Order ${order.reference}: ${label.toLowerCase()}`;
  const paragraphs = [
    `Dear ${order.name},`,
    STATUS_SENTENCES[change.status],
    ...(change.note ? [`Note from our team: ${change.note}`] : []),
  ];
  const rows: [string, string][] = [
    ['Status', label],
    ['Since', longDate(new Date(change.created_at))],
    ...orderRows(order, quotationReference),
  ];
  const body = compose(business, title, paragraphs, rows, undefined, 'Reply to this email with any question about your order.');
  return { to: order.email, replyTo: salesEmail, subject: oneLine(`${title} (your PO ${order.po_number})`).slice(0, 150), ...body };
}

/** What the quotation mails read of a quotation and its request. */
export interface AnsweredQuotation {
  reference: string;
  valid_until: Date | string | null;
  decline_reason: string | null;
  total_pence: number | null;
  name: string;
  company: string;
  email: string;
}

/** Sales hear that a buyer declined, and why; a reply reaches the buyer. */
export function quotationDeclinedMail(quotation: AnsweredQuotation, business: BusinessDetails, to: string): MailMessage {
  const from = quotation.company ? `${quotation.name} (${quotation.company})` : quotation.name;
  const title = `Quotation ${quotation.reference} declined`;
  const body = compose(
    business,
    title,
    [`${from} declined the quotation online.`, `Their reason: ${quotation.decline_reason ?? ''}`],
    [
      ['Quotation', quotation.reference],
      ['Total', quotation.total_pence === null ? 'Not priced' : penceText(quotation.total_pence)],
      ['Email', quotation.email],
    ],
    undefined,
    `Reply to this email to answer ${quotation.name} directly.`,
  );
  return { to, replyTo: quotation.email, subject: oneLine(`${title} by ${from}`).slice(0, 150), ...body };
}

/** The buyer hears that a quotation ran out unanswered, and how to get a fresh one. */
export function quotationExpiredMail(quotation: AnsweredQuotation, business: BusinessDetails, salesEmail: string): MailMessage {
  const title = `Your quotation ${quotation.reference} has expired`;
  const validUntil = dateOnly(quotation.valid_until);
  const body = compose(
    business,
    title,
    [
      `Dear ${quotation.name},`,
      `Our quotation ${quotation.reference} was valid until ${validUntil ? calendarDate(validUntil) : 'its validity date'} and can no longer be accepted. Prices and availability change through the season: reply to this email and we will gladly send a fresh quotation.`,
    ],
    [['Quotation', quotation.reference]],
  );
  return { to: quotation.email, replyTo: salesEmail, subject: oneLine(title), ...body };
}
