import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../../test/zip.ts';
import { MiB } from '../../bytes.ts';
import { checkZipSizes, XLSX_LIMITS, type ZipProgress } from './zip-limits.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zip-limits-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const saved = async (name: string, body: Buffer) => {
  const file = path.join(dir, name);
  await writeFile(file, body);
  return file;
};
/** ~98 bytes a row: 3 million rows unpack to about 290 MB, four times the limit. */
const BOMB_ROWS = 3_000_000;

describe('checkZipSizes', () => {
  it('refuses a bomb by the sizes it declares, before inflating a byte', async () => {
    const bomb = await xlsxBomb(BOMB_ROWS);
    expect(bomb.length).toBeLessThan(1 * MiB);
    const progress: ZipProgress = { inflatedBytes: 0 };
    await expect(checkZipSizes(await saved('honest.xlsx', bomb), XLSX_LIMITS, progress)).rejects.toMatchObject({
      status: 422,
      errors: { file: [expect.stringMatching(/unpacks to more than 8 MiB/)] },
    });
    expect(progress.inflatedBytes).toBe(0);
  });

  it('stops a bomb that understates its sizes as soon as an entry inflates past what it declared', async () => {
    const progress: ZipProgress = { inflatedBytes: 0 };
    const liar = await saved('liar.xlsx', await xlsxBomb(BOMB_ROWS, 4096));
    await expect(checkZipSizes(liar, XLSX_LIMITS, progress)).rejects.toMatchObject({ status: 422, errors: { file: [expect.any(String)] } });
    // A few small entries plus at most one inflate chunk past the sheet's declared 4 KiB.
    expect(progress.inflatedBytes).toBeLessThan(1 * MiB);
  });

  it('passes a real workbook', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Catalogue').addRow(['Genus', 'Species', 'Form', 'Height (cm)']);
    const progress: ZipProgress = { inflatedBytes: 0 };
    await checkZipSizes(await saved('real.xlsx', Buffer.from(await book.xlsx.writeBuffer())), XLSX_LIMITS, progress);
    expect(progress.inflatedBytes).toBeGreaterThan(0);
  });
});
