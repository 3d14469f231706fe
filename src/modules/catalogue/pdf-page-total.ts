/**
 * "Page 3 of 12" on pages already written to the file. The page count is known only at the end, and
 * pdfkit can go back to a page only while it buffers every page in memory (`bufferPages`). Instead,
 * each page paints a Form XObject (a small content stream of its own, referenced by the page) that
 * is still empty when the page is flushed; once the count is known its text is drawn into it. PDF
 * allows the object to come later in the file, so pages stream out as they are finished and only
 * these empty objects, a few bytes each, wait for the end (the "page X of Y" template technique).
 */

interface Reserved {
  form: PDFKit.PDFKitReference;
  page: number;
}

/** Text that needs the page count, reserved on each page as it is written, drawn at the end. */
export interface PageTotals {
  /** Paints the reserved text here on the current page (page number `page`, counting from 1). */
  reserve(page: number): void;
  /**
   * Draws every reserved text with `draw` (ordinary pdfkit text calls, in page coordinates), now
   * that `total` is known. Call once, before `doc.end()`.
   */
  fill(total: number, draw: (page: number, total: number) => void): void;
}

/** Deferred page-count text for a document that streams its pages (`bufferPages: false`). */
export function createPageTotals(doc: PDFKit.PDFDocument): PageTotals {
  const reserved: Reserved[] = [];
  return {
    reserve(page) {
      const form = doc.ref({
        Type: 'XObject',
        Subtype: 'Form',
        FormType: 1,
        // Form space is the page's user space where it is painted (pdfkit's, origin top left):
        // the whole page, so the text may go anywhere on it.
        BBox: [0, 0, doc.page.width, doc.page.height],
        Resources: { ProcSet: ['PDF', 'Text'] },
      });
      const name = `PageTotal${page}`;
      (doc.page.xobjects as Record<string, PDFKit.PDFKitReference>)[name] = form;
      doc.addContent(`/${name} Do`);
      reserved.push({ form, page });
    },
    fill(total, draw) {
      const page = doc.page;
      try {
        for (const { form, page: number } of reserved) {
          doc.page = drawingInto(page, form);
          draw(number, total);
          form.end('');
        }
      } finally {
        doc.page = page;
      }
      reserved.length = 0;
    },
  };
}

/**
 * A stand-in for `page` whose content and resources are the form's: pdfkit's drawing calls write
 * through `doc.page` (`write`, and `fonts` for the font resources), so with it in place they draw
 * into the form exactly as they would have drawn onto the page.
 */
function drawingInto(page: PDFKit.PDFPage, form: PDFKit.PDFKitReference): PDFKit.PDFPage {
  const resources = (form as unknown as { data: { Resources: object } }).data.Resources;
  return Object.create(page, {
    content: { value: form },
    resources: { value: { data: resources } },
  }) as PDFKit.PDFPage;
}
