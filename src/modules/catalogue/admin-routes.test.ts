import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCatalogueXlsx } from './render-xlsx.ts';
import type { RenderRow } from './render-pdf.ts';
import { filesUnder, sendForm, testImage, useAdminApp } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { xlsxBomb } from '../../../test/zip.ts';
import { CATALOGUE_FORMS } from './constants.ts';
import { PREVIEW_STALE } from './service.ts';
import { currentRevision } from './store.ts';

const app = useAdminApp();

const db = () => app.context.deps.db;
const revision = () => currentRevision(db());
/** The catalogue's lines (retired ones are out of it). */
const lines = async () =>
  (await db()('catalogue_items')
    .whereNull('retired_at')
    .orderBy('id')
    .select('genus', 'species', 'common_name', 'form', 'height')) as Record<string, string>[];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const previewFile = (name: string, body: Buffer, type = XLSX) =>
  sendForm(app.admin, 'POST', '/api/catalogue/import/preview', {}, { file: { name, body, type } });
const confirmFile = (token: string, name: string, body: Buffer, type = XLSX) =>
  sendForm(app.admin, 'POST', '/api/catalogue/import', { token }, { file: { name, body, type } });
/** What the admin screen does: preview the file, then confirm with the preview's token (a refused preview is the answer). */
async function importFile(name: string, body: Buffer, type = XLSX) {
  const preview = await previewFile(name, body, type);
  return preview.status === 200 ? confirmFile(preview.body.token, name, body, type) : preview;
}

/** An .xlsx whose first sheet holds the given rows (the first one being the header). */
async function workbook(rows: unknown[][], extraSheetFirst = false): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  if (extraSheetFirst) book.addWorksheet('Notes').addRow(['not the catalogue']);
  const sheet = book.addWorksheet('Catalogue');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const HEADER = ['Genus', 'Species', 'Common name', 'Form', 'Height (cm)'];

describe('catalogue CRUD', () => {
  it('creates, updates and deletes lines, bumping the revision each time', async () => {
    const start = await revision();
    const created = await app.admin.post('/api/catalogue', {
      genus: 'Ilex',
      species: 'aquifolium',
      common_name: 'Holly',
      form: '2L',
      height: '20-40',
      id: 1,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ genus: 'Ilex', species: 'aquifolium', common_name: 'Holly', form: '2L', height: '20-40' });
    expect(await revision()).toBe(start + 1);

    const patched = await app.admin.patch(`/api/catalogue/${created.body.id}`, { height: '40-60' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: created.body.id, height: '40-60', form: '2L' });

    expect((await app.admin.delete(`/api/catalogue/${created.body.id}`)).status).toBe(204);
    expect(await revision()).toBe(start + 3);
    expect((await app.admin.delete(`/api/catalogue/${created.body.id}`)).status).toBe(404);
    expect((await app.admin.patch('/api/catalogue/999999', { height: '40-60' })).status).toBe(404);
  });

  it('answers 422 per field', async () => {
    const response = await app.admin.post('/api/catalogue', { genus: '', form: '5L', height: 'tall' });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['form', 'genus', 'height', 'species']);
    expect(response.body.errors.form).toEqual([`The form field must be one of: ${CATALOGUE_FORMS.join(', ')}.`]);
    const [id] = await insertCatalogueItems(db(), 1);
    expect((await app.admin.patch(`/api/catalogue/${id}`, { form: 'Huge' })).body.errors).toHaveProperty('form');
  });
});

describe('POST /api/catalogue/import', () => {
  beforeEach(async () => {
    await db()('catalogue_items').delete();
    await insertCatalogueItems(db(), 5);
  });

  it('makes the catalogue match an .xlsx, leniently matching forms and heights, in one revision', async () => {
    const before = await revision();
    const file = await workbook([
      [' genus ', 'SPECIES', 'Common Name', 'form', 'Height'],
      ['Crataegus', 'monogyna', 'Hawthorn', 'bare root', '40 – 60'],
      [],
      ['Fagus', 'sylvatica', null, '9CM', '10-20'],
      ['Malus', { richText: [{ text: "domestica 'M26'" }] }, 'Apple rootstock', 'Bare root', 'rootstock'],
    ]);
    const response = await importFile('catalogue.xlsx', file);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ imported: 3 });
    expect(await lines()).toEqual([
      { genus: 'Crataegus', species: 'monogyna', common_name: 'Hawthorn', form: 'Bare root', height: '40-60' },
      { genus: 'Fagus', species: 'sylvatica', common_name: '', form: '9cm', height: '10-20' },
      { genus: 'Malus', species: "domestica 'M26'", common_name: 'Apple rootstock', form: 'Bare root', height: 'Rootstock' },
    ]);
    expect(await revision()).toBe(before + 1);
    expect(filesUnder(path.join(app.context.deps.config.varDir, 'tmp'))).toEqual([]);
  });

  it('changes nothing when a row is bad, naming every bad row by its spreadsheet number', async () => {
    const before = { rows: await lines(), revision: await revision() };
    const file = await workbook([
      HEADER,
      ['Crataegus', 'monogyna', 'Hawthorn', 'Bare root', '40-60'],
      ['Fagus', 'sylvatica', 'Beech', '5L', '60-90'],
      ['Quercus', '', 'Oak', '3L', '90-120'],
      ['Crataegus', 'Monogyna', 'Hawthorn again', 'Bare root', '40-60'],
    ]);
    const response = await importFile('catalogue.xlsx', file);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      rows: [
        `Row 3: The form field must be one of: ${CATALOGUE_FORMS.join(', ')}.`,
        'Row 4: The species field is required.',
        'Row 5: the same genus, species, form and height as row 2.',
      ],
    });
    expect(response.body.message).toBe(`Row 3: The form field must be one of: ${CATALOGUE_FORMS.join(', ')}. (and 2 more errors)`);
    expect(await lines()).toEqual(before.rows);
    expect(await revision()).toBe(before.revision);
  });

  it('imports a CSV: BOM, quotes, commas and line breaks in quotes, CRLF, Windows-1252', async () => {
    const csv =
      '\uFEFFGenus,Species,Common name,Form,Height (cm)\r\n' +
      'Acer,"platanoides ""Crimson King""","Norway maple, red",10L,175-200\r\n' +
      'Cornus,"alba\r\n\'Sibirica\'",Dogwood,3L,40-60\r\n' +
      ',,,,\r\n';
    const response = await importFile('catalogue.csv', Buffer.from(csv), 'text/csv');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // The factory's dogwood is the same line: updated in place, it keeps its (older) id.
    expect((await lines()).sort((x, y) => x.genus!.localeCompare(y.genus!))).toEqual([
      { genus: 'Acer', species: 'platanoides "Crimson King"', common_name: 'Norway maple, red', form: '10L', height: '175-200' },
      { genus: 'Cornus', species: "alba 'Sibirica'", common_name: 'Dogwood', form: '3L', height: '40-60' },
    ]);

    const semicolons = Buffer.from('Genus;Species;Form;Height\nRosa;canina \xe9t\xe9;Bare root;60-90\n', 'latin1');
    const second = await importFile('export.csv', semicolons, 'text/csv');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await lines()).toEqual([{ genus: 'Rosa', species: 'canina été', common_name: '', form: 'Bare root', height: '60-90' }]);

    const bad = await importFile(
      'bad.csv',
      Buffer.from('Genus,Species,Form,Height\nRosa,canina,Bare root,60-90\nRosa,canina,1L,7 feet\n'),
      'text/csv',
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.rows).toEqual([expect.stringMatching(/^Row 3: The height field must be one of: /)]);
  });

  it('round-trips the downloadable workbook', async () => {
    await db()('catalogue_items').delete();
    const ids = await insertCatalogueItems(db(), 40);
    const file = path.join(app.context.deps.config.varDir, 'download.xlsx');
    const xlsx = createCatalogueXlsx(file, { business: app.context.deps.config.business, issued: new Date() });
    const rows = (await db()('catalogue_items')
      .orderBy('id')
      .select('id', 'code', 'genus', 'species', 'common_name', 'form', 'height')) as RenderRow[];
    expect(rows.map((r) => r.id)).toEqual(ids);
    // The factory cycles through six sample lines: lines alike but for their codes are told apart by them.
    rows.forEach((r) => xlsx.add(r));
    await xlsx.finish();
    const before = await revision();
    const response = await importFile('catalogue.xlsx', await readFile(file));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ imported: 40 });
    expect(await revision()).toBe(before);
  });

  it('refuses files that are not a catalogue, changing nothing', async () => {
    const before = await lines();
    const png = await importFile('catalogue.xlsx', await testImage(20, 20, 'png'));
    expect(png.status).toBe(415);
    expect(png.body.errors).toEqual({ file: ['The file must be an Excel workbook (.xlsx) or a CSV file.'] });
    const noHeader = await importFile('x.csv', Buffer.from('Acer,campestre,1L,20-40\n'), 'text/csv');
    expect(noHeader.body.errors).toEqual({
      file: ['The first row must name the columns Genus, Species, Form and Height (cm); Common name is optional.'],
    });
    expect((await importFile('x.csv', Buffer.from('Genus,Species,Form,Height\n'), 'text/csv')).body.errors).toEqual({
      file: ['The file has a header but no catalogue rows.'],
    });
    expect((await importFile('x.xlsx', await workbook([]))).body.errors).toEqual({ file: ['The file is empty.'] });
    const broken = await importFile('x.xlsx', (await workbook([HEADER, ['Acer', 'campestre', '', '1L', '20-40']])).subarray(0, 300));
    expect([415, 422]).toContain(broken.status);
    expect((await sendForm(app.admin, 'POST', '/api/catalogue/import/preview', {})).body.errors).toEqual({
      file: ['The file field is required.'],
    });
    expect(await lines()).toEqual(before);
  });
});

describe('POST /api/catalogue/import with a zip bomb', () => {
  it('refuses a small .xlsx that unpacks to hundreds of MB from its sizes, without reading the sheet, changing nothing', async () => {
    const before = { rows: await lines(), revision: await revision() };
    const bomb = await xlsxBomb(3_000_000); // about 290 MB of sheet XML
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await previewFile('catalogue.xlsx', bomb);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ file: ['The workbook unpacks to more than 8 MiB, which is not a catalogue.'] });
    const liar = await previewFile('catalogue.xlsx', await xlsxBomb(3_000_000, 4096));
    expect(liar.status).toBe(422);
    expect(liar.body.errors).toHaveProperty('file');
    expect(await lines()).toEqual(before.rows);
    expect(await revision()).toBe(before.revision);
  });
});

describe('import preview and confirm', () => {
  const csv = (rows: string[]) => Buffer.from(['Genus,Species,Common name,Form,Height (cm)', ...rows].join('\n') + '\n');
  const original = ['Acer,campestre,Field maple,1L,20-40', 'Fagus,sylvatica,Beech,Bare root,40-60', 'Ilex,aquifolium,Holly,2L,20-40'];

  beforeEach(async () => {
    await db()('catalogue_items').delete();
    expect((await importFile('start.csv', csv(original), 'text/csv')).status).toBe(200);
  });

  it('counts and lists what an import would add, change and remove, changing nothing', async () => {
    const before = { rows: await lines(), revision: await revision() };
    const file = csv(['Acer,campestre,Field maple,1L,20-40', 'fagus,sylvatica,Common beech,Bare root,40-60', 'Quercus,robur,Oak,3L,60-90']);
    const preview = await previewFile('new.csv', file, 'text/csv');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({
      token: expect.stringMatching(/^\d+\.[0-9a-f]{64}$/),
      counts: { added: 1, changed: 1, retired: 1, reinstated: 0, unchanged: 1 },
      // No code in the file: the new line gets its plant's next free code once stored.
      added: [{ code: '', genus: 'Quercus', species: 'robur', common_name: 'Oak', form: '3L', height: '60-90' }],
      changed: [
        {
          before: {
            code: 'FAGSYL-BR-4060',
            genus: 'Fagus',
            species: 'sylvatica',
            common_name: 'Beech',
            form: 'Bare root',
            height: '40-60',
          },
          after: {
            code: 'FAGSYL-BR-4060',
            genus: 'fagus',
            species: 'sylvatica',
            common_name: 'Common beech',
            form: 'Bare root',
            height: '40-60',
          },
        },
      ],
      retired: [{ code: 'ILEAQU-2L-2040', genus: 'Ilex', species: 'aquifolium', common_name: 'Holly', form: '2L', height: '20-40' }],
      reinstated: [],
    });
    expect(await lines()).toEqual(before.rows);
    expect(await revision()).toBe(before.revision);

    const confirmed = await confirmFile(preview.body.token, 'new.csv', file, 'text/csv');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toEqual({ imported: 3 });
    expect((await lines()).map((l) => `${l.genus} ${l.species} ${l.common_name}`)).toEqual([
      'Acer campestre Field maple',
      'fagus sylvatica Common beech',
      'Quercus robur Oak',
    ]);
    expect(await revision()).toBe(before.revision + 1);
  });

  it('refuses a confirm without a preview, with another file, or after the catalogue changed, changing nothing', async () => {
    const before = { rows: await lines(), revision: await revision() };
    const previewed = csv(['Quercus,robur,Oak,3L,60-90']);
    const other = csv(['Quercus,robur,Oak,3L,60-90', 'Taxus,baccata,Yew,3L,40-60']);
    const { token } = (await previewFile('a.csv', previewed, 'text/csv')).body as { token: string };

    const none = await sendForm(
      app.admin,
      'POST',
      '/api/catalogue/import',
      {},
      { file: { name: 'a.csv', body: previewed, type: 'text/csv' } },
    );
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ token: ['Preview the import first, then confirm it.'] });
    const swapped = await confirmFile(token, 'a.csv', other, 'text/csv');
    expect(swapped.status).toBe(422);
    expect(swapped.body.errors).toEqual({ token: [PREVIEW_STALE] });
    expect((await confirmFile('garbage', 'a.csv', previewed, 'text/csv')).body.errors).toEqual({ token: [PREVIEW_STALE] });
    expect(await lines()).toEqual(before.rows);

    // Someone edits a line after the preview: the preview no longer says what the import does.
    const [first] = (await db()('catalogue_items').orderBy('id').select('id')) as { id: number }[];
    expect((await app.admin.patch(`/api/catalogue/${first!.id}`, { common_name: 'Maple' })).status).toBe(200);
    const afterEdit = await lines();
    const stale = await confirmFile(token, 'a.csv', previewed, 'text/csv');
    expect(stale.status).toBe(422);
    expect(stale.body.errors).toEqual({ token: [PREVIEW_STALE] });
    expect(await lines()).toEqual(afterEdit);
    expect(await revision()).toBe(before.revision + 1);

    // Previewed again, the same file goes through.
    const again = (await previewFile('a.csv', previewed, 'text/csv')).body as { token: string };
    expect((await confirmFile(again.token, 'a.csv', previewed, 'text/csv')).body).toEqual({ imported: 1 });
  });
});
