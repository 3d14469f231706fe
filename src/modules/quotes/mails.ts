import type { BusinessDetails } from '../../config.ts';
import { escapeHtml } from '../../escape-html.ts';
import { calendarDate, heightText, longDate } from '../../mail/format.ts';
import { htmlLayout, oneLine, textFooter } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/transport.ts';
import type { QuoteRequest, QuoteRequestLineRow } from './model.ts';
import { dateOnly } from './presenter.ts';

const CELL = 'style="padding:4px 8px;border-bottom:1px solid #e3e8df"';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The table's column headers: layout, which the plain-text lines say by their shape instead. */
export const LINE_HEADERS = ['Code', 'Genus', 'Species', 'Common name', 'Form', 'Height', 'Quantity'] as const;
const quantityText = (quantity: number) => quantity.toLocaleString('en-GB');

/** The lines as an HTML table; every value escaped (buyers and catalogue imports both supply text). */
function linesTable(lines: QuoteRequestLineRow[]): string {
  const head = LINE_HEADERS.map((h) => `<th align="left" ${CELL}>${h}</th>`).join('');
  const rows = lines
    .map(
      (l) =>
        `<tr>${[l.code, l.genus, l.species, l.common_name, l.form, heightText(l.height)].map((v) => `<td ${CELL}>${escapeHtml(v)}</td>`).join('')}<td align="right" ${CELL}>${quantityText(l.quantity)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" style="border-collapse:collapse;margin:16px 0;font-size:14px"><tr>${head}</tr>${rows}</table>`;
}

const linesText = (lines: QuoteRequestLineRow[]) =>
  lines
    .map(
      (l) =>
        `${quantityText(l.quantity)} × ${l.code ? `${l.code} ` : ''}${l.genus} ${l.species}${l.common_name ? ` (${l.common_name})` : ''}, ${l.form}, ${heightText(l.height)}`,
    )
    .join('\n');

function detailRows(request: QuoteRequest): [string, string][] {
  return [
    ['Reference', request.reference],
    ['Sent', longDate(new Date(request.created_at))],
    ['Name', request.name],
    // Signed-in buyers may leave these blank; say so rather than show an empty line.
    ['Company', request.company || 'Not given'],
    ['Email', request.email],
    ['Telephone', request.telephone || 'Not given'],
    ['Delivery postcode', request.delivery_postcode],
    ['Wanted by', request.wanted_by ? calendarDate(dateOnly(request.wanted_by)!) : 'Not given'],
  ];
}

const detailsHtml = (rows: [string, string][]) =>
  `<table role="presentation" style="border-collapse:collapse;margin-bottom:16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#5b6657">${label}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;

const notesHtml = (notes: string) =>
  notes
    ? `<div style="white-space:pre-wrap;border-left:4px solid #2f5d34;padding:8px 12px;background:#f4f6f1">${escapeHtml(notes)}</div>`
    : '';

const notesText = (notes: string) => (notes ? `Notes:\n${notes}\n\n` : '');

const attachment = (request: QuoteRequest, xlsx: Buffer) => [
  { filename: `${request.reference}.xlsx`, content: xlsx, contentType: XLSX_TYPE },
];

/** The request as mailed to the sales inbox, the lines in the body and as an XLSX attachment. */
export function quoteSalesMail(
  request: QuoteRequest,
  lines: QuoteRequestLineRow[],
  xlsx: Buffer,
  business: BusinessDetails,
  to: string,
): MailMessage {
  const rows = detailRows(request);
  const title = `Quote request ${request.reference}`;
  const outro = `The list is attached as a spreadsheet. Reply to this email to answer ${request.name} directly.`;
  const html = htmlLayout(
    business,
    title,
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${detailsHtml(rows)}${notesHtml(request.notes)}${linesTable(lines)}
<p style="color:#5b6657;font-size:13px">${escapeHtml(outro)}</p>`,
  );
  const text = `${title}\n\n${rows.map(([l, v]) => `${l}: ${v}`).join('\n')}\n\n${notesText(request.notes)}${linesText(lines)}\n\n${outro}\n${textFooter(business)}`;
  const from = request.company ? `${request.name} (${request.company})` : request.name;
  return {
    to,
    replyTo: request.email,
    subject: oneLine(`${title} from ${from}`).slice(0, 150),
    text,
    html,
    attachments: attachment(request, xlsx),
  };
}

/** What the form said of the buyer may be repeated only to an address that has verified with us. */
const UNVERIFIED_NOTE =
  'This address was given on the quote request form of our website. If you did not ask us for a quotation, you can ignore this email.';

/**
 * The buyer's confirmation: the list, and what happens next. The form takes any address, so unless
 * it is the signed-in sender's own verified address (`verified`) it repeats nothing typed into the form — no
 * name, company, notes or contact details, which a stranger could fill with a message of their
 * own — only the reference, the lines and quantities, and our own words.
 */
export function quoteConfirmationMail(
  request: QuoteRequest,
  lines: QuoteRequestLineRow[],
  xlsx: Buffer,
  business: BusinessDetails,
  verified: boolean,
): MailMessage {
  const title = `Your quote request ${request.reference}`;
  const thanks = verified ? `Thank you, ${request.name}.` : 'Thank you.';
  const intro = `${thanks} We have your request for a quotation and will reply by email.`;
  const rows = verified ? detailRows(request) : detailRows(request).filter(([label]) => label === 'Reference' || label === 'Sent');
  const notes = verified ? request.notes : '';
  const note = verified ? '' : UNVERIFIED_NOTE;
  const html = htmlLayout(
    business,
    title,
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>${detailsHtml(rows)}${notesHtml(notes)}${linesTable(lines)}${
      note ? `<p style="color:#5b6657;font-size:13px">${escapeHtml(note)}</p>` : ''
    }`,
  );
  const text = `${title}\n\n${intro}\n\n${rows.map(([l, v]) => `${l}: ${v}`).join('\n')}\n\n${notesText(notes)}${linesText(lines)}\n${
    note ? `\n${note}\n` : ''
  }${textFooter(business)}`;
  // No replyTo: the mailer's (the sales desk), so the buyer's answer reaches staff.
  return { to: request.email, subject: oneLine(title), text, html, attachments: attachment(request, xlsx) };
}
