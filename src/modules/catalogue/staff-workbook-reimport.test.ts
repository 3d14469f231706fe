import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { readCatalogueFile } from './import.ts';
import { writeStaffWorkbook } from './staff-workbook.ts';

/**
 * The staff workbook read back by the import, as an office does it: download, edit, import.
 * ExcelJS's writer stores the workbook part (the sheet list, the 1900/1904 date system), the
 * styles (which cell is a date) and the sheet relationships after the sheets. ExcelJS's streaming
 * reader met them in one pass and lost them whenever its work on a part was held up by a few
 * milliseconds, as on a busy server (exceljs/exceljs#3064): the import then refused the site's own
 * download as unreadable, now and then.
 */

const LINES = 2000;

let ctx: TestContext;
let dir: string;
let file: string;

beforeAll(async () => {
  ctx = await createTestContext({ redis: false });
  const db = ctx.deps.db;
  // Names as a nursery writes them: hybrids with ×, cultivars in curly quotes.
  const ids = await insertCatalogueItems(
    db,
    Array.from({ length: LINES }, (_, n) => ({ common_name: `Gardener’s × favourite ‘Crème brûlée’ ${n}` })),
  );
  // Every third line is ready from a day of its own, so a date read wrong shows on its line.
  await db.raw(
    `UPDATE catalogue_items SET price_pence = 100 + id % 900,
       price_breaks = jsonb_build_array(jsonb_build_object('min_quantity', 10, 'price_pence', 90 + id % 800)),
       stock_status = CASE WHEN id % 3 = 0 THEN 'ready_from' ELSE 'in_stock' END,
       ready_from = CASE WHEN id % 3 = 0 THEN DATE '2027-01-01' + (id % 365) END
     WHERE id = ANY(?)`,
    [ids],
  );
  dir = await mkdtemp(path.join(tmpdir(), 'staff-reimport-'));
  file = path.join(dir, 'staff.xlsx');
  const out = createWriteStream(file);
  await writeStaffWorkbook(db, out, { business: ctx.deps.config.business, issued: new Date('2027-01-05T10:00:00Z') });
  await finished(out);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await ctx?.close();
});

/** What the import must read back: each line's code, names, prices and stock, by code. */
async function linesInDatabase() {
  const { rows } = await ctx.deps.db.raw(
    `SELECT code, genus, species, common_name, price_pence, price_breaks, stock_status, to_char(ready_from, 'YYYY-MM-DD') AS ready_from
       FROM catalogue_items ORDER BY code`,
  );
  return rows as Record<string, unknown>[];
}

/** The same fields of what the import read, by code. */
const linesRead = (items: Awaited<ReturnType<typeof readCatalogueFile>>) =>
  items
    .map(({ code, genus, species, common_name, price_pence, price_breaks, stock_status, ready_from }) => ({
      code,
      genus,
      species,
      common_name,
      price_pence,
      price_breaks,
      stock_status,
      ready_from: ready_from ?? null,
    }))
    .sort((a, b) => (a.code! < b.code! ? -1 : 1));

describe('the staff workbook, imported back', () => {
  it('reads every line, its names, prices and ready-from day as they were written', async () => {
    const expected = await linesInDatabase();
    expect(expected).toHaveLength(LINES);
    expect(expected.filter((line) => line.ready_from)).toHaveLength(Math.floor(LINES / 3));
    expect(linesRead(await readCatalogueFile(file))).toEqual(expected);
  });

  it('reads it whole on every read when the reader is held up over a part, as on a busy server', async () => {
    // A few milliseconds' wait each time ExcelJS parses the styles, which the file stores after
    // the sheets: the old one-pass reader lost the parts after them (most reads refused).
    const reader = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as { _parseStyles(part: unknown): Promise<void> };
    const parseStyles = reader._parseStyles;
    reader._parseStyles = async function (part) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return parseStyles.call(this, part);
    };
    try {
      const expected = await linesInDatabase();
      for (let n = 0; n < 5; n++) expect(linesRead(await readCatalogueFile(file))).toEqual(expected);
    } finally {
      reader._parseStyles = parseStyles;
    }
  });
});
