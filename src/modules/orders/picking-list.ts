import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { BusinessDetails } from '../../config.ts';
import { calendarDate, heightText, longDate } from '../../mail/format.ts';
import { dateOnly } from '../../../shared/uk-day.ts';
import type { Order, OrderLineRow } from './model.ts';

// A4 portrait in points.
const MARGIN = 40;
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const ROW_HEIGHT = 20;
const BOX = 10;
const COLUMNS = [
  { label: '', width: 24 },
  { label: 'Code', width: 110 },
  { label: 'Plant', width: 200 },
  { label: 'Form', width: 60 },
  { label: 'Height', width: 60 },
  { label: 'Qty', width: CONTENT_WIDTH - 454 },
] as const;

/** Lines as the yard walks them: by product code (codes group a plant's sizes together), then position. */
const byCode = (lines: readonly OrderLineRow[]) =>
  [...lines].sort((a, b) => (a.code || '\uffff').localeCompare(b.code || '\uffff') || a.position - b.position);

/**
 * The picking list of one order as a PDF stream (pdfkit writes pages as they fill, so the response
 * starts at once): the order's reference, PO number, wanted-by date and delivery address at the
 * top, then a row per line by product code with its quantity and an empty box to tick.
 */
export function pickingListPdf(order: Order, lines: readonly OrderLineRow[], business: BusinessDetails, printed: Date): Readable {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Picking list ${order.reference}`, Author: business.name } });
  const out = new PassThrough();
  doc.pipe(out);

  doc.font('Helvetica-Bold').fontSize(20).text(`Picking list ${order.reference}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${business.name} · printed ${longDate(printed)}`);
  doc.moveDown();
  const details: [string, string][] = [
    ['Customer', order.company ? `${order.name}, ${order.company}` : order.name],
    ['PO number', order.po_number],
    ['Wanted by', order.wanted_by ? calendarDate(dateOnly(order.wanted_by)!) : 'Not given'],
    ['Deliver to', `${order.delivery_address}\n${order.delivery_postcode}`],
  ];
  for (const [label, value] of details) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, MARGIN, y, { width: 90 });
    doc.font('Helvetica').text(value, MARGIN + 90, y, { width: CONTENT_WIDTH - 90 });
    doc.moveDown(0.3);
  }
  doc.moveDown();

  const header = () => {
    let x = MARGIN;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10);
    for (const column of COLUMNS) {
      doc.text(column.label, x + 2, y, { width: column.width - 4, lineBreak: false });
      x += column.width;
    }
    doc.y = y + ROW_HEIGHT;
  };
  header();
  doc.font('Helvetica').fontSize(10);
  for (const line of byCode(lines)) {
    if (doc.y + ROW_HEIGHT > doc.page.height - MARGIN) {
      doc.addPage();
      header();
      doc.font('Helvetica').fontSize(10);
    }
    const y = doc.y;
    doc.rect(MARGIN + 4, y, BOX, BOX).stroke();
    const cells = [
      line.code || '—',
      `${line.genus} ${line.species}`,
      line.form,
      heightText(line.height),
      line.quantity.toLocaleString('en-GB'),
    ];
    let x = MARGIN + COLUMNS[0].width;
    cells.forEach((cell, index) => {
      const width = COLUMNS[index + 1]!.width;
      doc.text(cell, x + 2, y, { width: width - 4, lineBreak: false, ellipsis: true });
      x += width;
    });
    doc
      .moveTo(MARGIN, y + ROW_HEIGHT - 5)
      .lineTo(MARGIN + CONTENT_WIDTH, y + ROW_HEIGHT - 5)
      .strokeColor('#d3dccf')
      .stroke()
      .strokeColor('#000000');
    doc.y = y + ROW_HEIGHT;
  }
  doc.moveDown();
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  doc.font('Helvetica-Bold').text(`${lines.length} lines, ${total.toLocaleString('en-GB')} plants`, MARGIN, doc.y);
  doc.end();
  return out;
}
