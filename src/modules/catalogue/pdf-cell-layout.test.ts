import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { layoutCell, rememberWidths } from './pdf-cell-layout.ts';

describe('layoutCell', () => {
  const doc = new PDFDocument({ size: 'A4' });
  const width = 100;
  /** What pdfkit's own `text({ width })` would do with the text: its height and its lines. */
  const pdfkitHeight = (text: string) => doc.font('Helvetica').fontSize(9).heightOfString(text, { width });

  it('keeps a short cell on one line, measured without the wrapper', () => {
    const cell = layoutCell(doc, [{ text: 'Field maple', font: 'Helvetica' }], { width, size: 9 });
    expect(cell.fragments).toEqual([{ text: 'Field maple', font: 'Helvetica', dx: 0, dy: 0 }]);
    expect(cell.height).toBeCloseTo(pdfkitHeight('Field maple'), 6);
  });

  it('wraps a long cell into the lines pdfkit would draw, once', () => {
    const text = 'A common name that is long enough to wrap onto more than one line';
    const cell = layoutCell(doc, [{ text, font: 'Helvetica' }], { width, size: 9 });
    expect(cell.fragments.length).toBeGreaterThan(2);
    expect(cell.height).toBeCloseTo(pdfkitHeight(text), 6);
    expect(cell.fragments.map((f) => f.text).join('')).toBe(text);
    const lineHeight = cell.height / cell.fragments.length;
    cell.fragments.forEach((fragment, i) => expect(fragment).toMatchObject({ dx: 0, dy: expect.closeTo(i * lineHeight, 6) }));
  });

  it('lets a cell within kerning of the edge be decided by the wrapper', () => {
    // Exactly as wide as the column: fits whole, and the wrapper (word by word) agrees or not; either
    // way the layout matches pdfkit's.
    const text = 'Weeping silver birch';
    const exact = doc.font('Helvetica').fontSize(9).widthOfString(text);
    for (const w of [exact - 0.5, exact, exact + 0.5]) {
      const cell = layoutCell(doc, [{ text, font: 'Helvetica' }], { width: w, size: 9 });
      expect(cell.height).toBeCloseTo(doc.font('Helvetica').fontSize(9).heightOfString(text, { width: w }), 6);
    }
  });

  it('sets a roman cultivar after an italic botanical name on the same line', () => {
    const cell = layoutCell(
      doc,
      [
        { text: 'palmatum ', font: 'Helvetica-Oblique' },
        { text: "'Bloodgood'", font: 'Helvetica' },
      ],
      { width: 200, size: 9 },
    );
    const italicWidth = doc.font('Helvetica-Oblique').fontSize(9).widthOfString('palmatum ');
    expect(cell.fragments).toEqual([
      { text: 'palmatum ', font: 'Helvetica-Oblique', dx: 0, dy: 0 },
      { text: "'Bloodgood'", font: 'Helvetica', dx: italicWidth, dy: 0 },
    ]);
  });

  it('wraps a long cultivar after its botanical name as pdfkit does, keeping each run in its font', () => {
    const runs = [
      { text: 'sylvatica ', font: 'Helvetica-Oblique' },
      { text: "'Purpurea' (purple-leaved selection, grafted on seedling understock)", font: 'Helvetica' },
    ];
    const cell = layoutCell(doc, runs, { width, size: 9 });
    expect(cell.fragments[0]).toEqual({ text: 'sylvatica ', font: 'Helvetica-Oblique', dx: 0, dy: 0 });
    expect(cell.fragments[1]).toMatchObject({ font: 'Helvetica', dy: 0 });
    expect(cell.fragments[1]!.dx).toBeGreaterThan(0);
    expect(cell.fragments.slice(2).every((f) => f.font === 'Helvetica' && f.dx === 0 && f.dy > 0)).toBe(true);
    expect(cell.fragments.map((f) => f.text).join('')).toBe(runs.map((r) => r.text).join(''));
    expect(cell.height).toBeGreaterThan(2 * doc.currentLineHeight(true));
  });
});

describe('rememberWidths', () => {
  it('answers every measurement as pdfkit does, per font and size', () => {
    const plain = new PDFDocument();
    const remembering = new PDFDocument();
    rememberWidths(remembering);
    for (const font of ['Helvetica', 'Helvetica-Bold']) {
      for (const size of [8.5, 9]) {
        for (const text of ['Acer', "palmatum 'Bloodgood'", 'Acer', 'Bare root']) {
          expect(remembering.font(font).fontSize(size).widthOfString(text)).toBe(plain.font(font).fontSize(size).widthOfString(text));
        }
      }
    }
    expect(remembering.font('Helvetica').fontSize(9).widthOfString('Acer', { characterSpacing: 2 })).toBe(
      plain.font('Helvetica').fontSize(9).widthOfString('Acer', { characterSpacing: 2 }),
    );
  });
});
