import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../../test/zip.ts';
import { NO_COLUMN } from './columns.ts';
import { NOT_A_SCHEDULE, readScheduleFile, readScheduleText, SCHEDULE_MAX_LINES } from './reader.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'schedule-reader-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let files = 0;
const saved = async (body: Buffer | string) => {
  const file = path.join(dir, `upload-${++files}`);
  await writeFile(file, body);
  return file;
};

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Schedule');
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet('Notes').addRow(['Not a plant 60-90 x 5']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const summary = (lines: Awaited<ReturnType<typeof readScheduleFile>>) =>
  lines.map(({ row, notation }) => [row, notation.name, notation.form, notation.height, notation.quantity]);

describe('readScheduleFile: xlsx', () => {
  it('finds the columns by their headers in any usual wording, and skips headings and totals', async () => {
    const file = await saved(
      await workbook([
        ['Ref', 'Botanical Name', 'Ht (cm)', 'Root / Pot', 'Qty', 'Notes'],
        ['HEDGING', null, null, null, null, null],
        ['H1', 'Acer campestre', '60-90', 'BR', 250, 'north boundary'],
        ['H2', "Prunus laurocerasus 'Rotundifolia'", '40-60', '3L', 1000, null],
        ['T1', 'Betula pendula', '1.2-1.5m', 'bare root', 12, null],
        [null, 'Total', null, null, 1262, null],
      ]),
    );
    expect(summary(await readScheduleFile(file))).toEqual([
      [1, 'Acer campestre', 'Bare root', '60-90', 250],
      [2, "Prunus laurocerasus 'Rotundifolia'", '3L', '40-60', 1000],
      [3, 'Betula pendula', 'Bare root', '120-150', 12],
    ]);
  });

  it('finds a header below the title rows a schedule opens with', async () => {
    const file = await saved(
      await workbook([
        ['Riverside Park, phase 2'],
        ['Plant schedule'],
        ['Planting schedule rev. C, 14/11/2026'],
        [null],
        ['Qty', 'Species', 'Size', 'Root'],
        [500, 'Fagus sylvatica', '60-90', 'BR'],
        [12, 'Betula pendula', '1.2-1.5m', 'RB'],
      ]),
    );
    expect(summary(await readScheduleFile(file))).toEqual([
      [1, 'Fagus sylvatica', 'Bare root', '60-90', 500],
      [2, 'Betula pendula', 'Rootball', '120-150', 12],
    ]);
  });

  it('infers the columns without a header: the whole numbers are the quantity, the wordy one the name', async () => {
    const file = await saved(
      await workbook([
        [250, 'Acer campestre', '60-90 BR'],
        [40, 'Carpinus betulus', '1L 40/60'],
        [3, 'Taxus baccata', '125-150cm RB'],
      ]),
    );
    expect(summary(await readScheduleFile(file))).toEqual([
      [1, 'Acer campestre', 'Bare root', '60-90', 250],
      [2, 'Carpinus betulus', '1L', '40-60', 40],
      [3, 'Taxus baccata', 'Rootball', '120-150', 3],
    ]);
  });

  it('reads lines with everything in one cell', async () => {
    const file = await saved(await workbook([['Acer campestre 60-90 BR x 250'], ['Hornbeam 40-60 bare root 100 no.']]));
    expect(summary(await readScheduleFile(file))).toEqual([
      [1, 'Acer campestre', 'Bare root', '60-90', 250],
      [2, 'Hornbeam', 'Bare root', '40-60', 100],
    ]);
  });

  it('refuses a zip bomb, a binary renamed .xlsx, an empty file and a sheet of numbers with 422 on file', async () => {
    await expect(readScheduleFile(await saved(await xlsxBomb(200_000)))).rejects.toMatchObject({
      status: 422,
      errors: { file: [expect.any(String)] },
    });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 7)]);
    await expect(readScheduleFile(await saved(pdf))).rejects.toMatchObject({ status: 422, errors: { file: [NOT_A_SCHEDULE] } });
    const binary = Buffer.from([0x13, 0x37, 0x00, 0x01, 0xff, 0xfe, 0x00, 0x42, 0x10, 0x00]);
    await expect(readScheduleFile(await saved(binary))).rejects.toMatchObject({ status: 422, errors: { file: [NOT_A_SCHEDULE] } });
    await expect(readScheduleFile(await saved(''))).rejects.toMatchObject({ status: 422, errors: { file: ['The schedule is empty.'] } });
    const numbers = await workbook([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await expect(readScheduleFile(await saved(numbers))).rejects.toMatchObject({ status: 422, errors: { file: [NO_COLUMN] } });
  });

  it('refuses a workbook of more lines than a schedule has, before reading it all', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`Acer campestre 60-90 BR x ${i + 1}`]);
    await expect(readScheduleFile(await saved(await workbook(rows)))).rejects.toMatchObject({
      status: 422,
      errors: { file: [expect.stringContaining(`more than ${SCHEDULE_MAX_LINES} lines`)] },
    });
  });
});

describe('readScheduleFile: csv', () => {
  it('reads a semicolon CSV in Windows-1252 with quoted fields and thousands separators', async () => {
    const text = 'Plant;Size;Form;No.\r\n"Acer campestre";"60-90";"BR";"250"\r\n"Fagus sylvatica, native";"40-60";"bare root";"1,000"\r\n';
    expect(summary(await readScheduleFile(await saved(Buffer.from(text, 'latin1'))))).toEqual([
      [1, 'Acer campestre', 'Bare root', '60-90', 250],
      [2, 'Fagus sylvatica native', 'Bare root', '40-60', 1000],
    ]);
  });

  it('refuses a header of unrelated columns with nothing wordy under it', async () => {
    const file = await saved('Ref,Price\n1,2.50\n2,3.75\n');
    await expect(readScheduleFile(file)).rejects.toMatchObject({ status: 422, errors: { file: [NO_COLUMN] } });
  });
});

describe('readScheduleText', () => {
  it('reads tab-separated cells pasted from a spreadsheet', () => {
    const lines = readScheduleText('Species\tSize\tPot\tQuantity\nCarpinus betulus\t40/60\t1L\t40\nTaxus baccata\t125-150cm\tRB\t3\n');
    expect(lines.map((l) => [l.notation.name, l.notation.form, l.notation.height, l.notation.quantity])).toEqual([
      ['Carpinus betulus', '1L', '40-60', 40],
      ['Taxus baccata', 'Rootball', '120-150', 3],
    ]);
    expect(lines[0]!.text).toBe('Carpinus betulus  40/60  1L  40');
  });

  it('reads space-aligned lines copied from a PDF table, header and codes taken out', () => {
    const text = [
      'Code   Plant name                     Size        Form    Qty',
      'H1     Crataegus monogyna             0.6-0.9m    BR      2,500',
      'H2     Prunus spinosa                 60-90       B.R.    500',
      'T3     Cupressocyparis × leylandii    150-175     C10     12',
    ].join('\n');
    expect(readScheduleText(text).map((l) => [l.notation.name, l.notation.form, l.notation.height, l.notation.quantity])).toEqual([
      ['Crataegus monogyna', 'Bare root', '60-90', 2500],
      ['Prunus spinosa', 'Bare root', '60-90', 500],
      ['Cupressocyparis x leylandii', '10L', '150-175', 12],
    ]);
  });

  it('skips section headings but not a plant written in capitals', () => {
    const lines = readScheduleText('NATIVE HEDGING\nTAXUS BACCATA\nTrees:\nAREA B\nField maple 60-90 BR x 40');
    expect(lines.map((l) => l.notation.name)).toEqual(['TAXUS BACCATA', 'Field maple']);
  });

  it('refuses empty text and text with no plant names on `text`', () => {
    expect(() => readScheduleText(' \n\n ')).toThrow(
      expect.objectContaining({ status: 422, errors: { text: ['The schedule is empty.'] } }),
    );
    expect(() => readScheduleText('1\t2\n3\t4')).toThrow(expect.objectContaining({ status: 422, errors: { text: [NO_COLUMN] } }));
  });
});
