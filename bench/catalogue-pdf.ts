import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { loadConfig } from '../src/config.ts';
import { realisticRows } from '../src/modules/catalogue/fixtures.ts';
import { createCataloguePdf } from '../src/modules/catalogue/render-pdf.ts';
import type { CatalogueRow } from '../src/modules/catalogue/store.ts';
import { CATALOGUE_ROWS, median } from './catalogue-fixture.ts';

export interface PdfFigures {
  rows: number;
  pages: number;
  oursMs: number;
  bareMs: number;
  /** Our catalogue PDF ÷ a bare pdfkit table of the same rows, wall clock. */
  ratio: number;
  /** The same ratio in CPU time of this process (less sensitive to a shared machine). */
  cpuRatio: number;
}

const ROUNDS = 7;
const MARGIN = { top: 40, bottom: 50, left: 40, right: 40 };
const WIDTHS = [210, 175, 60, 70.28];

/**
 * The least a pdfkit table of these rows costs: the same A4 page, margins, font and column widths,
 * each cell one `text()` in its column width, a new page when one is full; no header, headings,
 * stripes, rules, italics or footer.
 */
async function bareTable(file: string, rows: CatalogueRow[]): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', margins: MARGIN });
  const out = createWriteStream(file);
  doc.pipe(out);
  doc.font('Helvetica').fontSize(9);
  let y = MARGIN.top;
  for (const row of rows) {
    if (y + 19 > doc.page.height - MARGIN.bottom) {
      doc.addPage();
      y = MARGIN.top;
    }
    let x = MARGIN.left;
    [row.species, row.common_name, row.form, row.height].forEach((text, i) => {
      doc.text(text, x + 6, y + 5, { width: WIDTHS[i]! - 12 });
      x += WIDTHS[i]!;
    });
    y += 19;
  }
  doc.end();
  await finished(out);
}

/** Our catalogue PDF of the rows; resolves with its page count. */
async function ourPdf(file: string, rows: CatalogueRow[], business: ReturnType<typeof loadConfig>['business']): Promise<number> {
  const pdf = createCataloguePdf(file, { business, issued: new Date() });
  for (const row of rows) pdf.add(row);
  return (await pdf.finish()).pages;
}

/** Wall and CPU milliseconds of `task`. */
async function timed(task: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await task();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

/**
 * The catalogue PDF of 5,000 realistic rows (in catalogue order) against a bare pdfkit table of the
 * same rows, both to a file, in alternating rounds after one warm-up each; medians.
 */
export async function benchCataloguePdf(): Promise<PdfFigures> {
  const business = loadConfig({ NODE_ENV: 'production', APP_KEY: Buffer.alloc(32, 1).toString('base64') }).business;
  const rows = realisticRows(CATALOGUE_ROWS)
    .map((row, id) => ({ id, code: `LINE-${id}`, ...row }))
    .sort((a, b) => a.genus.localeCompare(b.genus) || a.species.localeCompare(b.species));
  const dir = await mkdtemp(path.join(tmpdir(), 'nursery-pdf-bench-'));
  try {
    const ours = path.join(dir, 'ours.pdf');
    const bare = path.join(dir, 'bare.pdf');
    let pages = await ourPdf(ours, rows, business);
    await bareTable(bare, rows);
    const times = { ours: [] as { wall: number; cpu: number }[], bare: [] as { wall: number; cpu: number }[] };
    for (let round = 0; round < ROUNDS; round++) {
      times.bare.push(await timed(() => bareTable(bare, rows)));
      times.ours.push(await timed(async () => (pages = await ourPdf(ours, rows, business))));
    }
    const oursMs = median(times.ours.map((t) => t.wall));
    const bareMs = median(times.bare.map((t) => t.wall));
    const cpuRatio = median(times.ours.map((t) => t.cpu)) / median(times.bare.map((t) => t.cpu));
    return { rows: rows.length, pages, oursMs, bareMs, ratio: oursMs / bareMs, cpuRatio };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/catalogue-pdf.ts`: this figure alone.
if (import.meta.filename === process.argv[1]) console.log(await benchCataloguePdf());
