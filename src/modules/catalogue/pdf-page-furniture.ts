import type { PageTotals } from './pdf-page-total.ts';
import { COLOURS, CONTENT_WIDTH, FOOTER_SIZE, MARGIN } from './pdf-style.ts';

/** Where the footer's text line sits: the same on every page. */
export const footerY = (doc: PDFKit.PDFDocument) => doc.page.height - 34;

/**
 * The furniture of page `page`: its running header (pages after the first) and its footer, with
 * the page number's "of Y" reserved for the end. The bottom margin is lifted while writing the
 * footer, or pdfkit would treat text below it as overflow and add a page.
 */
export function pageFurniture(
  doc: PDFKit.PDFDocument,
  totals: PageTotals,
  page: number,
  labels: { footer: string; header: string },
  issued: string,
): void {
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = footerY(doc);
  doc
    .moveTo(MARGIN.left, y - 6)
    .lineTo(MARGIN.left + CONTENT_WIDTH, y - 6)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  doc.font('Helvetica').fontSize(FOOTER_SIZE).fillColor(COLOURS.muted);
  // All but the room "Page 99 of 99" needs at the right.
  doc.text(`${labels.footer}  ·  Issued ${issued}`, MARGIN.left, y, { width: CONTENT_WIDTH - 60, lineBreak: false });
  totals.reserve(page);
  if (page > 1) {
    doc.font('Helvetica').fontSize(FOOTER_SIZE).fillColor(COLOURS.muted);
    doc.text(labels.header, MARGIN.left, 24, { width: CONTENT_WIDTH * 0.7, lineBreak: false });
    doc.text(`Issued ${issued}`, MARGIN.left, 24, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
  }
  doc.page.margins.bottom = margin;
}
