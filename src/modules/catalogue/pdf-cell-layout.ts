/**
 * Table cells laid out once: a cell is measured into lines with their offsets, and drawn from that
 * measurement, so a row's height and its drawing come from the same single layout. (Measuring with
 * `heightOfString` and then drawing with `text({ width })` wrapped every cell twice; the printed
 * catalogue spent more time wrapping text than writing the PDF.)
 */

/** A piece of a cell in one font: the species is an italic botanical name and a roman cultivar. */
export interface TextRun {
  text: string;
  font: string;
}

/** One line fragment of a laid-out cell, placed relative to the cell's top left corner. */
interface PlacedText {
  text: string;
  font: string;
  dx: number;
  dy: number;
}

export interface CellLayout {
  fragments: PlacedText[];
  /** Height of the text: lines × line height (an empty cell counts one line, as the row keeps its height). */
  height: number;
}

/**
 * pdfkit's line wrapper is reachable only through `text()` (which draws) and `heightOfString()`
 * (which throws the lines away); `_text` is the method both call, taking the per-line callback.
 */
interface TextInternals {
  _text(
    text: string,
    x: number | PDFKit.Mixins.TextOptions,
    y: number | undefined,
    options: PDFKit.Mixins.TextOptions | undefined,
    onLine: (line: string) => void,
  ): void;
}

/**
 * Lays a cell's runs out in `width` points at `size` points. A cell that fits on one line (nearly
 * all: plant names are short) is measured with `widthOfString` alone; only a cell that may wrap goes
 * through pdfkit's line wrapper, once, and its lines are kept for drawing.
 */
export function layoutCell(doc: PDFKit.PDFDocument, runs: TextRun[], { width, size }: { width: number; size: number }): CellLayout {
  // The line height is the font's: set before it is read (the faces of one cell share metrics).
  doc.font(runs[0]?.font ?? 'Helvetica').fontSize(size);
  const lineHeight = doc.currentLineHeight(true);
  const fragments: PlacedText[] = [];
  let dx = 0;
  let breaks = 0;
  for (const run of runs) {
    if (run.text.includes('\n')) return wrapRuns(doc, runs, width, lineHeight);
    doc.font(run.font);
    fragments.push({ text: run.text, font: run.font, dx, dy: 0 });
    dx += doc.widthOfString(run.text);
    breaks += countBreaks(run.text);
  }
  // The wrapper adds up word by word, without the kerning across a break that the whole string
  // gets: leave that much room, and let the wrapper decide any cell this close to the edge.
  if (dx + breaks * size * MAX_KERN <= width) return { fragments, height: lineHeight };
  return wrapRuns(doc, runs, width, lineHeight);
}

/** More than any kern pair in the Helvetica faces (the largest is 180/1000 of the font size). */
const MAX_KERN = 0.2;
/** Where pdfkit's line breaker may end a word in our text: after spaces, hyphens, dashes and slashes. */
const countBreaks = (text: string) => text.match(/[\s\-‐–—/]/g)?.length ?? 0;

/** pdfkit's own wrapping (so wrapped cells look exactly as `text({ width })` drew them), lines kept. */
function wrapRuns(doc: PDFKit.PDFDocument, runs: TextRun[], width: number, lineHeight: number): CellLayout {
  const { x, y } = doc;
  const fragments: PlacedText[] = [];
  let font = runs[0]?.font ?? 'Helvetica';
  // Called per line with the document's position at the line's start, as pdfkit's `_line` is;
  // moving down a line here is what `_line` does between wrapped lines.
  const onLine = (line: string) => {
    fragments.push({ text: line, font, dx: doc.x - x, dy: doc.y - y });
    doc.y += lineHeight;
  };
  const internals = doc as unknown as TextInternals;
  runs.forEach((run, i) => {
    font = run.font;
    doc.font(run.font);
    const continued = i < runs.length - 1;
    // A continued run goes on where the previous one stopped: options in the position's place (as
    // `text(str, options)` passes them), and pdfkit keeps the first run's options and wrapper, and
    // so its line callback. Infinite height, as `heightOfString` uses: measuring never adds a page.
    if (i === 0) internals._text(run.text, x, y, { width, height: Infinity, continued }, onLine);
    else internals._text(run.text, { continued }, undefined, undefined, onLine);
  });
  const lines = new Set(fragments.map((f) => f.dy)).size || 1;
  doc.x = x;
  doc.y = y;
  return { fragments, height: lines * lineHeight };
}

/** Draws a laid-out cell with its top left corner at (x, y); the caller has set size and colour. */
export function drawCell(doc: PDFKit.PDFDocument, layout: CellLayout, x: number, y: number): void {
  for (const fragment of layout.fragments) {
    if (fragment.text) doc.font(fragment.font).text(fragment.text, x + fragment.dx, y + fragment.dy, { lineBreak: false });
  }
}

/** The font state pdfkit keeps privately: the key of a remembered width. */
interface FontState {
  _font: { id: string };
  _fontSize: number;
}

/** Widths remembered per document before the memo starts over (a few MB at most). */
const WIDTHS_KEPT = 20_000;

/**
 * Remembers `doc.widthOfString` results by font, size and text. pdfkit measures every fragment it
 * draws twice more (`_line` to advance, `_fragment` for links and underlines) besides the layout's
 * own measure, and a catalogue prints the same forms, heights, names and headings thousands of
 * times: a third of the render was kerning lookups for strings already measured. Only plain
 * measurements are remembered; spacing, scaling or OpenType features go to pdfkit every time.
 */
export function rememberWidths(doc: PDFKit.PDFDocument): void {
  const measure = doc.widthOfString.bind(doc);
  const state = doc as unknown as FontState;
  const widths = new Map<string, number>();
  doc.widthOfString = (text: string, options?: PDFKit.Mixins.TextOptions & { horizontalScaling?: number }) => {
    if (options && (options.characterSpacing || options.features || (options.horizontalScaling ?? 100) !== 100))
      return measure(text, options);
    const key = `${state._font.id}\u0000${state._fontSize}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = measure(text, options);
      if (widths.size >= WIDTHS_KEPT) widths.clear();
      widths.set(key, width);
    }
    return width;
  };
}
