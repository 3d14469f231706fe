import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/wait.ts';
import { loadConfig } from '../../config.ts';
import { realisticRows } from './fixtures.ts';
import { createCatalogueXlsx } from './render-xlsx.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'nursery-xlsx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const business = loadConfig({ NODE_ENV: 'test', APP_KEY: Buffer.alloc(32, 1).toString('base64') }).business;

describe('createCatalogueXlsx', () => {
  it('streams committed rows into the file while rows are still coming, so memory stays flat', async () => {
    const file = path.join(dir, 'streamed.xlsx');
    const xlsx = createCatalogueXlsx(file, { business, issued: new Date('2025-01-15T09:00:00Z') });
    const rows = realisticRows(4000).map((row, id) => ({ id, code: `LINE-${id}`, ...row }));
    for (const row of rows.slice(0, 3000)) xlsx.add(row);
    // A workbook held in memory would have written nothing yet; the streaming writer has zipped
    // most of these rows to disk.
    await waitUntil(async () => existsSync(file) && statSync(file).size > 20_000, 5_000, 'the first rows on disk');
    for (const row of rows.slice(3000)) xlsx.add(row);
    expect(await xlsx.finish()).toEqual({ rows: 4000 });

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.getWorksheet('Catalogue')!.actualRowCount).toBe(4001);
  });
});
