import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { sendForm, useAdminApp } from '../../../test/admin.ts';
import { USE_FULL_STOP } from '../../../shared/money.ts';
import { currentRevision } from './store.ts';

const app = useAdminApp();
const db = () => app.context.deps.db;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const WORKBOOK = '/api/admin/catalogue/workbook.xlsx';

const previewFile = (body: Buffer) =>
  sendForm(app.admin, 'POST', '/api/catalogue/import/preview', {}, { file: { name: 'staff.xlsx', body, type: XLSX } });
async function importFile(body: Buffer) {
  const preview = await previewFile(body);
  if (preview.status !== 200) return preview;
  return sendForm(
    app.admin,
    'POST',
    '/api/catalogue/import',
    { token: preview.body.token },
    { file: { name: 'staff.xlsx', body, type: XLSX } },
  );
}

/** Every line as staff see it, with its id and code. */
const catalogue = async () => (await app.admin.get('/api/catalogue?limit=100&match=exact')).body.results as Record<string, unknown>[];

const LINES = [
  {
    genus: 'Acer',
    species: 'campestre',
    common_name: 'Field maple',
    form: '10L',
    height: '175-200',
    price_pence: 1250,
    price_breaks: [
      { min_quantity: 10, price_pence: 1199 },
      { min_quantity: 50, price_pence: 1101 },
      { min_quantity: 100, price_pence: 990 },
      { min_quantity: 1000, price_pence: 875 },
    ],
    stock_status: 'in_stock',
    stock_quantity: 5000,
  },
  {
    genus: 'Carpinus',
    species: 'betulus',
    common_name: 'Hornbeam',
    form: 'Bare root',
    height: '60-90',
    price_pence: 245,
    price_breaks: [{ min_quantity: 100, price_pence: 220 }],
    stock_status: 'ready_from',
    ready_from: '2027-01-10',
  },
  {
    genus: 'Fagus',
    species: 'sylvatica',
    common_name: '',
    form: '3L',
    height: '40-60',
    price_pence: 7,
    stock_status: 'limited',
    stock_quantity: 0,
  },
  { genus: 'Taxus', species: 'baccata', common_name: 'Yew', form: '2L', height: '20-40' },
];

async function download(): Promise<{ response: Awaited<ReturnType<typeof app.admin.get>>; book: ExcelJS.Workbook }> {
  const response = await app.admin.get(WORKBOOK);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.raw as unknown as ArrayBuffer);
  return { response, book };
}
const save = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer());
/** The row of the catalogue sheet whose Species is `species`. */
const rowOf = (sheet: ExcelJS.Worksheet, species: string) => {
  for (let n = 2; n <= sheet.rowCount; n++) if (sheet.getRow(n).getCell(3).value === species) return sheet.getRow(n);
  throw new Error(`no row for ${species}`);
};

describe('the staff workbook', () => {
  beforeEach(async () => {
    await db()('catalogue_items').delete();
    for (const line of LINES) expect((await app.admin.post('/api/catalogue', line)).status).toBe(201);
  });

  it('leaves out retired lines, which an import of it would retire anyway', async () => {
    const [yew] = (await catalogue()).filter((line) => line.species === 'baccata');
    expect((await app.admin.delete(`/api/catalogue/${yew!.id}`)).status).toBe(204);
    const sheet = (await download()).book.worksheets[0]!;
    expect(sheet.rowCount).toBe(LINES.length);
    expect(() => rowOf(sheet, 'baccata')).toThrow();
  });

  it('is a private xlsx with every column the import reads, prices as numbers of pounds and the date as a date cell', async () => {
    const { response, book } = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[a-z0-9-]+-staff-workbook-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );

    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Catalogue');
    const breaks = [1, 2, 3, 4].flatMap((n) => [`Break ${n} quantity`, `Break ${n} price (£)`]);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Code',
      'Genus',
      'Species',
      'Common name',
      'Form',
      'Height (cm)',
      'Price (£)',
      ...breaks,
      'Stock status',
      'Stock quantity',
      'Ready from',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(1 + LINES.length);

    const acer = rowOf(sheet, 'campestre');
    const codes = Object.fromEntries((await catalogue()).map((line) => [line.species, line.code]));
    expect(acer.getCell(1).value).toBe(codes.campestre);
    expect(codes.campestre).toMatch(/^[A-Z0-9-]+$/);
    expect((acer.values as unknown[]).slice(2)).toEqual([
      'Acer',
      'campestre',
      'Field maple',
      '10L',
      '175-200',
      12.5,
      10,
      11.99,
      50,
      11.01,
      100,
      9.9,
      1000,
      8.75,
      'In stock',
      5000,
    ]);
    expect(acer.getCell(7).numFmt).toBe('0.00');
    expect(acer.getCell(9).numFmt).toBe('0.00');
    const carpinus = rowOf(sheet, 'betulus');
    const readyFrom = carpinus.getCell(18);
    expect(readyFrom.value).toEqual(new Date('2027-01-10T00:00:00Z'));
    expect(readyFrom.numFmt).toBe('d mmm yyyy');
    expect([carpinus.getCell(7).value, carpinus.getCell(8).value, carpinus.getCell(9).value, carpinus.getCell(10).value]).toEqual([
      2.45,
      100,
      2.2,
      null,
    ]);
    expect(carpinus.getCell(16).value).toBe('Ready from');
    expect((rowOf(sheet, 'sylvatica').values as unknown[]).slice(7)).toEqual([0.07, ...Array(8).fill(undefined), 'Limited', 0]);
    expect((rowOf(sheet, 'baccata').values as unknown[]).slice(2)).toEqual(['Taxus', 'baccata', 'Yew', '2L', '20-40']);
  });

  it('imports back unchanged: nothing added, changed or removed, every line and price as it was', async () => {
    const before = await catalogue();
    const { response } = await download();
    const preview = await previewFile(response.raw);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.changed).toEqual([]);
    expect(preview.body.counts).toEqual({ added: 0, changed: 0, retired: 0, reinstated: 0, unchanged: LINES.length });
    const revision = await currentRevision(db());
    expect((await importFile(response.raw)).status).toBe(200);
    expect(await catalogue()).toEqual(before);
    expect(await currentRevision(db())).toBe(revision);
  });

  it('reads an edited price in pounds, refusing a decimal comma in its row, and imports nothing until it is fixed', async () => {
    const before = await catalogue();
    const { book } = await download();
    const sheet = book.worksheets[0]!;
    const acer = rowOf(sheet, 'campestre');
    const carpinus = rowOf(sheet, 'betulus');
    acer.getCell(7).value = 2.75;
    carpinus.getCell(7).value = '2,75';

    const refused = await previewFile(await save(book));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.rows).toEqual([`Row ${carpinus.number}: Price — ${USE_FULL_STOP}`]);
    expect(await catalogue()).toEqual(before);

    // Fixed as text with a full stop, and a spreadsheet's float noise on the other: both read to the penny.
    carpinus.getCell(7).value = '£2.80';
    acer.getCell(7).value = 2.7499999999999996;
    const imported = await importFile(await save(book));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const prices = Object.fromEntries((await catalogue()).map((l) => [l.species, (l.trade as { price_pence: number }).price_pence]));
    expect(prices).toEqual({ campestre: 275, betulus: 280, sylvatica: 7, baccata: null });
  });

  it('reads edited breaks, stock and a typed date, and clears what staff empty', async () => {
    const { book } = await download();
    const sheet = book.worksheets[0]!;
    const yew = rowOf(sheet, 'baccata');
    yew.getCell(8).value = 25;
    yew.getCell(9).value = 3.1;
    yew.getCell(16).value = 'Ready from';
    yew.getCell(18).value = '01/03/2027';
    const acer = rowOf(sheet, 'campestre');
    for (const cell of [10, 11, 12, 13, 14, 15]) acer.getCell(cell).value = null;
    acer.getCell(17).value = null;
    const imported = await importFile(await save(book));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const trade = Object.fromEntries((await catalogue()).map((l) => [l.species, l.trade]));
    expect(trade.baccata).toEqual({
      price_pence: null,
      price_breaks: [{ min_quantity: 25, price_pence: 310 }],
      stock_status: 'ready_from',
      stock_quantity: null,
      ready_from: '2027-03-01',
    });
    expect(trade.campestre).toMatchObject({
      price_pence: 1250,
      price_breaks: [{ min_quantity: 10, price_pence: 1199 }],
      stock_quantity: null,
    });
  });

  it('has at least three pairs of break columns, for staff to add breaks where no line has any', async () => {
    await db()('catalogue_items').update({ price_breaks: JSON.stringify([]) });
    const header = (await download()).book.worksheets[0]!.getRow(1).values as unknown[];
    expect(header.filter((h) => typeof h === 'string' && h.startsWith('Break '))).toEqual(
      [1, 2, 3].flatMap((n) => [`Break ${n} quantity`, `Break ${n} price (£)`]),
    );
  });
});
