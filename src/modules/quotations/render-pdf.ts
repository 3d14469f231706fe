import PDFDocument from 'pdfkit';
import { penceText } from '../../../shared/trade-text.ts';
import type { BusinessDetails } from '../../config.ts';
import { calendarDate, heightText, longDate } from '../../mail/format.ts';
import type { QuotationLineRow, QuotationRow } from './model.ts';
import type { RequestOfQuotation } from './service.ts';
import { dateOnly } from '../../../shared/uk-day.ts';
import { lineTotal } from '../../../shared/quotation-totals.ts';
import type { QuotationTotals } from '../../../shared/api/quotations.ts';

/** What the quotation PDF prints. */
export interface QuotationDocument {
  business: BusinessDetails;
  quotation: QuotationRow;
  lines: readonly QuotationLineRow[];
  request: RequestOfQuotation;
  totals: QuotationTotals;
}

/** The terms printed under every quotation: what the price covers and how it is accepted. */
const QUOTATION_TERMS = [
  'Prices are in pounds sterling and exclude VAT unless marked "inc VAT"; VAT is charged at the rate shown.',
  'This quotation holds until the date shown, subject to the plants remaining unsold: stock is reserved only when the quotation is accepted.',
  'Bare-root plants are lifted and delivered in season (November to March).',
  'Substitutes are marked as such; remove any you do not want before accepting, or ask us to requote.',
  'Payment within 30 days of the invoice date for approved trade accounts, otherwise before delivery.',
];

// A4 portrait in points; the catalogue's colours.
const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN;
const COLOURS = { brand: '#2f5d34', tint: '#e3ece0', rule: '#d3dccf', text: '#1f2420', muted: '#5b675d' };
const COLUMNS: { label: string; width: number; align?: 'right' }[] = [
  { label: 'Code', width: 90 },
  { label: 'Plant', width: 165 },
  { label: 'Form', width: 48 },
  { label: 'Height', width: 56 },
  { label: 'Qty', width: 40, align: 'right' },
  { label: 'Unit', width: 58, align: 'right' },
  { label: 'Line total', width: WIDTH - 457, align: 'right' },
];
const FOOT_ROOM = 60;

const money = (pence: number | null) => (pence === null ? '—' : penceText(pence));

/**
 * The quotation as a PDF (A4): the business, the reference and dates, who it is for, the lines
 * (code, plant, form, height, quantity, unit price, line total; substitutes marked), delivery and
 * the totals ex and inc VAT, the validity, the note and the terms, "Page X of Y" on every page.
 * Small enough to build in memory.
 */
export function renderQuotationPdf(input: QuotationDocument): Promise<Buffer> {
  const { business, quotation, lines, request, totals } = input;
  const issued = quotation.sent_at ? new Date(quotation.sent_at) : new Date(quotation.updated_at);
  const validUntil = dateOnly(quotation.valid_until);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${business.name} — Quotation ${quotation.reference}`, Author: business.name, CreationDate: issued, ModDate: issued },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const bottom = () => doc.page.height - MARGIN - FOOT_ROOM;

  // The heading: who quotes, what and when.
  doc.font('Helvetica-Bold').fontSize(22).fillColor(COLOURS.brand).text('Quotation', MARGIN, MARGIN);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(COLOURS.text).text(business.name);
  doc.font('Helvetica').fontSize(9).fillColor(COLOURS.muted).text(business.address).text(`${business.telephone} · ${business.email}`);
  const registered = [
    business.companyNumber && `Company no. ${business.companyNumber}`,
    business.vatNumber && `VAT no. ${business.vatNumber}`,
  ].filter(Boolean);
  if (registered.length) doc.text(registered.join(' · '));
  doc.moveDown(0.8);
  const facts: [string, string][] = [
    ['Reference', quotation.reference],
    ['Date', longDate(issued)],
    ['Valid until', validUntil ? calendarDate(validUntil) : '—'],
    ['For', [request.name, request.company].filter(Boolean).join(', ')],
    ['Delivery postcode', request.delivery_postcode],
    ['Your request', request.reference],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(COLOURS.muted).text(label, MARGIN, y, { width: 110 });
    doc
      .font('Helvetica')
      .fillColor(COLOURS.text)
      .text(value, MARGIN + 110, y, { width: WIDTH - 110 });
  }
  doc.moveDown(0.8);

  const header = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, WIDTH, 18).fillColor(COLOURS.brand).fill();
    let x = MARGIN;
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor('#ffffff');
    for (const column of COLUMNS) {
      doc.text(column.label, x + 4, y + 5, { width: column.width - 8, align: column.align ?? 'left', lineBreak: false });
      x += column.width;
    }
    doc.y = y + 22;
  };
  header();

  for (const line of lines) {
    const plant = `${line.genus} ${line.species}${line.common_name ? ` (${line.common_name})` : ''}${line.is_substitute ? ' — SUBSTITUTE' : ''}${line.note ? `\n${line.note}` : ''}`;
    const cells = [
      line.code || '—',
      plant,
      line.form,
      heightText(line.height),
      line.quantity.toLocaleString('en-GB'),
      money(line.unit_price_pence),
      money(lineTotal(line)),
    ];
    doc.font('Helvetica').fontSize(8.5);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: COLUMNS[i]!.width - 8 }))) + 6;
    if (doc.y + height > bottom()) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    if (line.is_substitute)
      doc
        .rect(MARGIN, y - 2, WIDTH, height)
        .fillColor(COLOURS.tint)
        .fill();
    let x = MARGIN;
    doc.fillColor(COLOURS.text);
    cells.forEach((cell, i) => {
      doc.text(cell, x + 4, y + 1, { width: COLUMNS[i]!.width - 8, align: COLUMNS[i]!.align ?? 'left' });
      x += COLUMNS[i]!.width;
    });
    doc
      .moveTo(MARGIN, y + height - 2)
      .lineTo(MARGIN + WIDTH, y + height - 2)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc.y = y + height;
  }

  // Totals, right-aligned under the table.
  const rows: [string, string][] = [
    ['Subtotal (ex VAT)', penceText(totals.subtotal_pence)],
    ['Delivery (ex VAT)', penceText(totals.delivery_pence)],
    ['Total ex VAT', penceText(totals.subtotal_pence + totals.delivery_pence)],
    [`VAT at ${quotation.vat_rate_bp / 100} %`, penceText(totals.vat_pence)],
    ['Total inc VAT', penceText(totals.total_pence)],
  ];
  if (doc.y + rows.length * 15 + 10 > bottom()) doc.addPage();
  doc.moveDown(0.6);
  for (const [label, value] of rows) {
    const y = doc.y;
    const bold = label === 'Total inc VAT';
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 10.5 : 9.5)
      .fillColor(COLOURS.text);
    doc.text(label, MARGIN + WIDTH - 260, y, { width: 160, align: 'right' });
    doc.text(value, MARGIN + WIDTH - 95, y, { width: 95, align: 'right' });
    doc.y = y + 15;
  }
  doc.x = MARGIN;
  doc.moveDown(0.8);
  if (quotation.note) {
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(COLOURS.brand).text('Note', MARGIN);
    doc.font('Helvetica').fontSize(9).fillColor(COLOURS.text).text(quotation.note, { width: WIDTH });
    doc.moveDown(0.6);
  }
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(COLOURS.brand).text('Terms', MARGIN);
  doc.font('Helvetica').fontSize(8.5).fillColor(COLOURS.text);
  for (const term of QUOTATION_TERMS) doc.text(`• ${term}`, { width: WIDTH });
  doc.text(`This quotation is valid until ${validUntil ? calendarDate(validUntil) : 'further notice'}.`, { width: WIDTH });

  // "Page X of Y" once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(COLOURS.muted)
      .text(
        `${business.name} · Quotation ${quotation.reference} · Page ${i + 1} of ${range.count}`,
        MARGIN,
        doc.page.height - MARGIN - 10,
        {
          width: WIDTH,
          align: 'center',
          lineBreak: false,
        },
      );
  }
  doc.end();
  return done;
}
