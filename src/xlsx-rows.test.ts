import { createWriteStream, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../test/wait.ts';
import { zipOf } from '../test/zip.ts';
import { firstSheetRows, UNREADABLE_WORKBOOK, type XlsxRow } from './xlsx-rows.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'xlsx-rows-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let files = 0;
const saved = async (body: Buffer) => {
  const file = path.join(dir, `book-${++files}.xlsx`);
  await writeFile(file, body);
  return file;
};
async function rowsOf(file: string): Promise<XlsxRow[]> {
  const rows: XlsxRow[] = [];
  for await (const row of firstSheetRows(file)) rows.push(row);
  return rows;
}

const NS = 'http://schemas.openxmlformats.org';
const MAIN = `${NS}/spreadsheetml/2006/main`;
const RELS = `${NS}/package/2006/relationships`;
const sheetXml = (rows: string) => `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

describe('firstSheetRows', () => {
  it('reads the workbook’s first sheet when the parts it depends on are stored after the sheets', async () => {
    // Zip order: the sheets (the workbook's second first), then shared strings, styles, the sheet
    // list and the workbook part with its 1904 date system, last. A one-pass reader meets every
    // part it needs too late; one that takes the first sheet in zip order takes the wrong one.
    const file = await saved(
      await zipOf([
        {
          name: 'xl/worksheets/sheet1.xml',
          chunks: [sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>Notes, not the catalogue</t></is></c></row>')],
        },
        {
          name: 'xl/worksheets/sheet2.xml',
          chunks: [
            sheetXml(
              '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
                '<row r="3"><c r="A3" t="s"><v>2</v></c><c r="B3" s="1"><v>45000</v></c><c r="C3"><v>2.5</v></c></row>',
            ),
          ],
        },
        {
          name: 'xl/sharedStrings.xml',
          chunks: [`<?xml version="1.0"?><sst xmlns="${MAIN}"><si><t>Genus</t></si><si><t>Ready from</t></si><si><t>Acer</t></si></sst>`],
        },
        {
          name: 'xl/styles.xml',
          chunks: [
            `<?xml version="1.0"?><styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/></font></fonts>` +
              '<fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders>' +
              '<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>' +
              '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>',
          ],
        },
        {
          name: 'xl/_rels/workbook.xml.rels',
          chunks: [
            `<?xml version="1.0"?><Relationships xmlns="${RELS}">` +
              `<Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
              `<Relationship Id="rId2" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/>` +
              '</Relationships>',
          ],
        },
        {
          name: 'xl/workbook.xml',
          chunks: [
            `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${NS}/officeDocument/2006/relationships">` +
              '<workbookPr date1904="1"/><sheets><sheet name="Catalogue" sheetId="2" r:id="rId2"/><sheet name="Notes" sheetId="1" r:id="rId1"/></sheets></workbook>',
          ],
        },
      ]),
    );
    expect(await rowsOf(file)).toEqual([
      { number: 1, cells: ['Genus', 'Ready from'] },
      // 45000 days after 1 January 1904, not after 1900 (which would be 15 March 2023).
      { number: 3, cells: ['Acer', new Date('2027-03-16T00:00:00Z'), 2.5] },
    ]);
  });

  it('reads a file of ExcelJS’s streaming writer (the staff workbook’s), its dates by their style', async () => {
    const file = path.join(dir, 'streamed.xlsx');
    const out = createWriteStream(file);
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet('Catalogue');
    sheet.columns = [{ key: 'a' }, { key: 'b', style: { numFmt: '0.00' } }, { key: 'c', style: { numFmt: 'd mmm yyyy' } }];
    sheet.addRow(['Genus', 'Price (£)', 'Ready from']).commit();
    sheet.addRow(['Carpinus', 2.45, new Date('2027-01-10T00:00:00Z')]).commit();
    sheet.commit();
    book.addWorksheet('How to import').addRow(['Not read']).commit();
    await book.commit();
    await finished(out);
    expect(await rowsOf(file)).toEqual([
      { number: 1, cells: ['Genus', 'Price (£)', 'Ready from'] },
      { number: 2, cells: ['Carpinus', 2.45, new Date('2027-01-10T00:00:00Z')] },
    ]);
  });

  it('gives each kind of cell as the sheet shows it, and skips rows without a value', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Catalogue');
    sheet.getCell('A1').value = { richText: [{ text: 'Acer ', font: { bold: true } }, { text: 'campestre' }] };
    sheet.getCell('B1').value = { formula: 'A2*2', result: 24 };
    sheet.getCell('C1').value = { error: '#N/A' };
    sheet.getCell('D1').value = true;
    sheet.getCell('E1').value = { text: 'the site', hyperlink: 'https://example.com/' };
    sheet.getCell('G1').value = 'after a gap';
    sheet.getRow(2).height = 30; // a row with a style and no value
    sheet.getCell('A3').value = 12;
    const file = await saved(Buffer.from(await book.xlsx.writeBuffer()));
    expect(await rowsOf(file)).toEqual([
      { number: 1, cells: ['Acer campestre', 24, '#N/A', 'true', 'the site', '', 'after a gap'] },
      { number: 3, cells: [12] },
    ]);
  });

  it('reads whole a character whose bytes fall in two inflated chunks', async () => {
    // Greek and accented names, dense in two-byte characters: a sheet of them spans many inflated
    // chunks, and chunk edges fall inside characters. Each chunk decoded alone turns those into �.
    const names = Array.from({ length: 4000 }, (_, n) => `Κράταιγος μονόγυνος ‘Crème brûlée’ × ${n}`);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Catalogue');
    for (const name of names) sheet.addRow([name, name.toUpperCase()]);
    const file = await saved(Buffer.from(await book.xlsx.writeBuffer()));
    const rows = await rowsOf(file);
    expect(rows.flatMap((row) => row.cells).filter((cell) => String(cell).includes('\uFFFD'))).toEqual([]);
    expect(rows.map((row) => row.cells)).toEqual(names.map((name) => [name, name.toUpperCase()]));
  });

  it('refuses a zip that is not a workbook, and a file that is not a zip, with 422 on file', async () => {
    const notABook = await saved(await zipOf([{ name: 'xl/worksheets/sheet1.xml', chunks: [sheetXml('')] }]));
    const notAZip = await saved(Buffer.from('Genus,Species\nAcer,campestre\n'));
    for (const file of [notABook, notAZip]) {
      await expect(rowsOf(file)).rejects.toMatchObject({ status: 422, errors: { file: [UNREADABLE_WORKBOOK] } });
    }
  });

  it('lets the caller stop after the first rows, with its own error, and closes the file', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Catalogue');
    for (let n = 0; n < 20_000; n++) sheet.addRow([`Acer campestre ${n}`, n]);
    const file = await saved(Buffer.from(await book.xlsx.writeBuffer()));
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();

    const tooMany = new Error('too many rows');
    let read = 0;
    await expect(
      (async () => {
        for await (const _ of firstSheetRows(file)) if (++read > 10) throw tooMany;
      })(),
    ).rejects.toBe(tooMany);
    expect(read).toBe(11);
    await waitUntil(async () => openFiles() <= before, 5000, 'the workbook file to be closed');
  });
});
