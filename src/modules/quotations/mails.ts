import { penceText } from '../../../shared/trade-text.ts';
import type { QuotationTotals } from '../../../shared/api/quotations.ts';
import type { BusinessDetails } from '../../config.ts';
import { escapeHtml } from '../../escape-html.ts';
import { calendarDate, heightText, longDate } from '../../mail/format.ts';
import { htmlLayout, oneLine, textFooter } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/transport.ts';
import { dateOnly } from '../../../shared/uk-day.ts';
import type { QuotationLineRow, QuotationRow } from './model.ts';
import type { RequestOfQuotation } from './service.ts';
import { lineTotal } from '../../../shared/quotation-totals.ts';

const CELL = 'style="padding:4px 8px;border-bottom:1px solid #e3e8df"';
/** The lines table's column headers: layout, which the plain-text lines say by their shape. */
export const QUOTATION_LINE_HEADERS = ['Code', 'Plant', 'Quantity', 'Unit price', 'Line total'] as const;
/** The button's words when the link cannot be followed: layout too (the text part gives the link itself). */
export const LINK_HINT = 'If the button does not work, copy this address into your browser:';

/** What the buyer's mail says of a quotation. */
export interface QuotationMail {
  quotation: QuotationRow;
  lines: readonly QuotationLineRow[];
  request: RequestOfQuotation;
  totals: QuotationTotals;
  /** Where the buyer reads it: their account page, or a guest's signed link. */
  link: string;
  pdf: Buffer;
  business: BusinessDetails;
  replyTo: string;
}

const plant = (l: QuotationLineRow) =>
  `${l.code ? `${l.code} ` : ''}${l.genus} ${l.species}${l.common_name ? ` (${l.common_name})` : ''}, ${l.form}, ${heightText(l.height)}${
    l.is_substitute ? ' (substitute)' : ''
  }`;
const price = (pence: number | null) => (pence === null ? '—' : penceText(pence));

/** The mail to the buyer with the quotation: the figures, the lines, a link to view it, the PDF attached. */
export function quotationSentMail(mail: QuotationMail): MailMessage {
  const { quotation, lines, request, totals, link, business } = mail;
  const validUntil = dateOnly(quotation.valid_until);
  const title = `Your quotation ${quotation.reference}`;
  const greeting = `Dear ${request.name},`;
  const intro = `Thank you for your request ${request.reference}. Here is our quotation, also attached as a PDF.`;
  const facts: [string, string][] = [
    ['Reference', quotation.reference],
    ['Date', longDate(quotation.sent_at ? new Date(quotation.sent_at) : new Date())],
    ['Valid until', validUntil ? calendarDate(validUntil) : 'Further notice'],
    ['Subtotal ex VAT', penceText(totals.subtotal_pence)],
    ['Delivery ex VAT', penceText(totals.delivery_pence)],
    [`VAT at ${quotation.vat_rate_bp / 100} %`, penceText(totals.vat_pence)],
    ['Total inc VAT', penceText(totals.total_pence)],
  ];
  const outro = 'To accept or ask for a change, open the quotation or reply to this email.';
  const factsHtml = `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${facts
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#5b6657">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
  const head = QUOTATION_LINE_HEADERS.map((h) => `<th align="left" ${CELL}>${h}</th>`).join('');
  const rows = lines
    .map(
      (l) =>
        `<tr><td ${CELL}>${escapeHtml(l.code)}</td><td ${CELL}>${escapeHtml(plant(l).slice(l.code ? l.code.length + 1 : 0))}</td><td align="right" ${CELL}>${l.quantity.toLocaleString('en-GB')}</td><td align="right" ${CELL}>${price(l.unit_price_pence)}</td><td align="right" ${CELL}>${price(lineTotal(l))}</td></tr>`,
    )
    .join('');
  const note = quotation.note
    ? `<div style="white-space:pre-wrap;border-left:4px solid #2f5d34;padding:8px 12px;background:#f4f6f1">${escapeHtml(quotation.note)}</div>`
    : '';
  const html = htmlLayout(
    business,
    title,
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>${factsHtml}${note}
<table role="presentation" style="border-collapse:collapse;margin:16px 0;font-size:14px"><tr>${head}</tr>${rows}</table>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2f5d34;color:#ffffff;text-decoration:none;border-radius:4px">View your quotation</a></p>
<p style="color:#5b6657;font-size:13px">${LINK_HINT} ${escapeHtml(link)}</p><p>${escapeHtml(outro)}</p>`,
  );
  const text = [
    title,
    '',
    greeting,
    '',
    intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(quotation.note ? [`Note:\n${quotation.note}`, ''] : []),
    ...lines.map((l) => `${l.quantity.toLocaleString('en-GB')} × ${plant(l)} at ${price(l.unit_price_pence)}: ${price(lineTotal(l))}`),
    '',
    `View your quotation: ${link}`,
    '',
    outro,
  ].join('\n');
  return {
    to: request.email,
    replyTo: mail.replyTo,
    subject: oneLine(`${title} from ${business.shortName}`),
    text: `${text}\n${textFooter(business)}`,
    html,
    attachments: [{ filename: `${quotation.reference.replace('/', '-v')}.pdf`, content: mail.pdf, contentType: 'application/pdf' }],
  };
}
