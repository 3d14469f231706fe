import type { BusinessDetails } from '../../config.ts';
import { FORM_KEY, issueDateLong } from './constants.ts';
import { PRICES_EXCLUDE_VAT, type PriceListHeading } from './price-list-heading.ts';
import { COLOURS, CONTENT_WIDTH, MARGIN } from './pdf-style.ts';

/** Page 1: title, company, issue date, contact and registration details, and the key. */
export function titleBlock(doc: PDFKit.PDFDocument, business: BusinessDetails, issued: string): number {
  const left = MARGIN.left;
  const right = { x: left + CONTENT_WIDTH / 2, width: CONTENT_WIDTH / 2 };
  let y = MARGIN.top;

  doc.font('Helvetica-Bold').fontSize(26).fillColor(COLOURS.brand).text('Trade Catalogue', left, y, { lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(COLOURS.text)
    .text(business.name, left, y + 34, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(COLOURS.muted)
    .text(`Issued ${issued}`, left, y + 52, { lineBreak: false });

  doc.font('Helvetica').fontSize(9).fillColor(COLOURS.text);
  const contact = [business.address, `Telephone ${business.telephone}`, business.email];
  let cy = y + 6;
  for (const line of contact) {
    doc.text(line, right.x, cy, { width: right.width, align: 'right' });
    cy = doc.y + 2;
  }
  y = Math.max(y + 70, cy) + 6;

  doc
    .moveTo(left, y)
    .lineTo(left + CONTENT_WIDTH, y)
    .lineWidth(1.5)
    .strokeColor(COLOURS.brand)
    .stroke();
  y += 7;
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(COLOURS.muted)
    .text(
      `Company number ${business.companyNumber}   ·   VAT number ${business.vatNumber}   ·   Plant health registration ${business.plantHealthNumber}`,
      left,
      y,
      { width: CONTENT_WIDTH, align: 'center' },
    );
  y = doc.y + 12;

  // The key, in a tinted box so it reads as a note rather than part of the table.
  const keyTop = y;
  const lineHeight = 12;
  const boxHeight = 22 + FORM_KEY.length * lineHeight;
  doc.rect(left, keyTop, CONTENT_WIDTH, boxHeight).fillColor(COLOURS.stripe).fill();
  doc.rect(left, keyTop, CONTENT_WIDTH, boxHeight).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(COLOURS.brand)
    .text('Key', left + 10, keyTop + 8, { lineBreak: false });
  FORM_KEY.forEach(({ form, meaning }, i) => {
    const ly = keyTop + 22 + i * lineHeight - 2;
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .fillColor(COLOURS.text)
      .text(form, left + 10, ly, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(COLOURS.text)
      .text(meaning, left + 80, ly, { width: CONTENT_WIDTH - 90, lineBreak: false });
  });
  return keyTop + boxHeight + 16;
}

/**
 * Page 1 of a buyer's price list: whose it is, when issued and until when valid, that its prices
 * exclude VAT, and the nursery's contact details; no key (the buyer has the public catalogue's).
 */
export function priceListTitleBlock(
  doc: PDFKit.PDFDocument,
  business: BusinessDetails,
  issued: string,
  priceList: PriceListHeading,
): number {
  const left = MARGIN.left;
  const half = CONTENT_WIDTH / 2;
  const y = MARGIN.top;

  doc.font('Helvetica-Bold').fontSize(24).fillColor(COLOURS.brand).text('Trade price list', left, y, { lineBreak: false });
  // The company may be long: it wraps in the left half rather than running under the contact block.
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(COLOURS.text)
    .text(`for ${priceList.company}`, left, y + 32, { width: half + 20 });
  let ly = doc.y + 4;
  doc.font('Helvetica').fontSize(10).fillColor(COLOURS.muted);
  doc.text(`Issued ${issued}  ·  Valid until ${issueDateLong(priceList.validUntil)}`, left, ly, { width: half + 20 });
  ly = doc.y + 3;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(COLOURS.brand)
    .text(`${PRICES_EXCLUDE_VAT}.`, left, ly, { width: half + 20 });
  ly = doc.y;

  let cy = y + 4;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(COLOURS.text)
    .text(business.name, left + half, cy, { width: half, align: 'right' });
  cy = doc.y + 2;
  doc.font('Helvetica').fontSize(9).fillColor(COLOURS.text);
  for (const line of [business.address, `Telephone ${business.telephone}`, business.email]) {
    doc.text(line, left + half, cy, { width: half, align: 'right' });
    cy = doc.y + 2;
  }
  let bottom = Math.max(ly, cy) + 8;
  doc
    .moveTo(left, bottom)
    .lineTo(left + CONTENT_WIDTH, bottom)
    .lineWidth(1.5)
    .strokeColor(COLOURS.brand)
    .stroke();
  bottom += 7;
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(COLOURS.muted)
    .text(
      `A line without a price is priced on request.   ·   VAT number ${business.vatNumber}   ·   Plant health registration ${business.plantHealthNumber}`,
      left,
      bottom,
      { width: CONTENT_WIDTH, align: 'center' },
    );
  return doc.y + 12;
}
