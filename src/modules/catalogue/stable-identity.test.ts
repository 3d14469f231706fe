import { beforeEach, describe, expect, it } from 'vitest';
import { sendForm, signedIn, useAdminApp } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { poundsInput } from '../../../shared/money.ts';
import { renderCatalogue } from './render-job.ts';
import { currentRevision } from './store.ts';

/**
 * Issue 16: a catalogue line keeps its id for life. Imports match rows to lines (by product code,
 * or by description in a file without codes) and update them in place; a line the file lacks is
 * retired, never deleted, so the plant lists and quote requests pointing at it keep reading it.
 */
const app = useAdminApp();
const db = () => app.context.deps.db;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type File = { name: string; body: Buffer; type: string };
const preview = (file: File) => sendForm(app.admin, 'POST', '/api/catalogue/import/preview', {}, { file });
async function importFile(file: File) {
  const previewed = await preview(file);
  expect(previewed.status, JSON.stringify(previewed.body)).toBe(200);
  const confirmed = await sendForm(app.admin, 'POST', '/api/catalogue/import', { token: previewed.body.token }, { file });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return previewed.body;
}

/** Every line as stored, retired ones too: what must not move when nothing changed. */
const storedRows = () =>
  db()('catalogue_items')
    .orderBy('id')
    .select('id', 'code', 'genus', 'species', 'form', 'height', 'price_pence', 'updated_at', 'retired_at');
const changedEvents = async () => Number((await db()('events').where({ name: 'catalogue.changed' }).count({ n: '*' }).first())!.n);

const PLANTS = [
  {
    genus: 'Acer',
    species: 'campestre',
    common_name: 'Field maple',
    form: 'Bare root',
    height: '60-90',
    price_pence: 245,
    stock_status: 'in_stock',
    stock_quantity: 5000,
  },
  { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam', form: 'Bare root', height: '60-90', price_pence: 180 },
  { genus: 'Fagus', species: 'sylvatica', common_name: 'Beech', form: '2L', height: '40-60', price_pence: 320 },
  { genus: 'Ilex', species: 'aquifolium', common_name: 'Holly', form: '3L', height: '40-60', price_pence: 650 },
] as const;

/** A catalogue, a buyer's plant list naming every line, and a quote request naming every line. */
async function catalogueInUse() {
  await db()('quote_request_lines').delete();
  await db()('plant_list_lines').delete();
  await db()('catalogue_items').delete();
  const ids = await insertCatalogueItems(
    db(),
    PLANTS.map((p) => ({ ...p })),
  );
  const requester = await signedIn(app.server, app.context.deps, { role: 'user' });
  for (const id of ids) expect((await requester.post('/api/plant-list/lines', { catalogue_item_id: id, quantity: 10 })).status).toBe(201);
  const quote = await requester.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA' });
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);
  const buyer = await signedIn(app.server, app.context.deps, { role: 'user' });
  for (const [i, id] of ids.entries())
    expect((await buyer.post('/api/plant-list/lines', { catalogue_item_id: id, quantity: i + 1 })).status).toBe(201);
  return { ids, buyer, requester, quoteId: quote.body.id as number };
}

/** Everything that points at the catalogue, as the buyers' API shows it. */
async function whatBuyersSee(used: Awaited<ReturnType<typeof catalogueInUse>>) {
  const list = await used.buyer.get('/api/plant-list');
  const quote = await used.requester.get(`/api/quote-requests/${used.quoteId}`);
  return { list: list.body, quote: quote.body };
}

/** The catalogue as the public workbook shows it: rendered by the render job and downloaded. */
async function publicWorkbook(): Promise<File> {
  await renderCatalogue(app.context.deps);
  const download = await app.server.client().get('/downloads/catalogue.xlsx');
  expect(download.status).toBe(200);
  return { name: 'catalogue.xlsx', body: download.raw, type: XLSX };
}

describe('importing an unchanged export', () => {
  let used: Awaited<ReturnType<typeof catalogueInUse>>;
  beforeEach(async () => {
    used = await catalogueInUse();
  });

  /** Imports `file` and checks that nothing at all moved. */
  async function changesNothing(file: File) {
    const before = {
      rows: await storedRows(),
      seen: await whatBuyersSee(used),
      revision: await currentRevision(db()),
      events: await changedEvents(),
    };
    const previewed = await importFile(file);
    expect(previewed.counts).toEqual({ added: 0, changed: 0, retired: 0, reinstated: 0, unchanged: PLANTS.length });
    expect(await storedRows()).toEqual(before.rows); // same ids, codes and updated_at: 0 rows touched
    expect(await whatBuyersSee(used)).toEqual(before.seen);
    expect(await currentRevision(db())).toBe(before.revision);
    expect(await changedEvents()).toBe(before.events);
  }

  it('the public XLSX, downloaded and imported as it is, changes no row, id, list or quote line, nor the revision', async () => {
    await changesNothing(await publicWorkbook());
  });

  it('a CSV with codes and prices, imported as it is, changes nothing either', async () => {
    const rows = await db()('catalogue_items')
      .orderBy('id')
      .select('code', 'genus', 'species', 'common_name', 'form', 'height', 'price_pence');
    const csv = [
      'Code,Genus,Species,Common name,Form,Height (cm),Price (£)',
      ...rows.map((r) => [r.code, r.genus, r.species, r.common_name, r.form, r.height, poundsInput(r.price_pence)].join(',')),
    ];
    await changesNothing({ name: 'catalogue.csv', body: Buffer.from(csv.join('\n')), type: 'text/csv' });
  });

  it('the staff workbook, downloaded from the catalogue admin and imported as it is, changes nothing', async () => {
    const download = await app.admin.get('/api/admin/catalogue/workbook.xlsx');
    expect(download.status).toBe(200);
    await changesNothing({ name: 'staff-workbook.xlsx', body: download.raw, type: XLSX });
  });
});

describe('importing a sheet with one height changed and one line missing', () => {
  it('keeps the changed line (id, code, prices, list references) and retires the missing one, which lists and quotes still show', async () => {
    const used = await catalogueInUse();
    const [maple, hornbeam] = used.ids as [number, number];
    const before = await db()('catalogue_items').where({ id: maple }).first();
    const gone = await db()('catalogue_items').where({ id: hornbeam }).first();
    const revision = await currentRevision(db());

    // The public workbook as staff would edit it: the maple now 90-120, the hornbeam row deleted.
    const rows = await db()('catalogue_items').orderBy('id').select('id', 'code', 'genus', 'species', 'common_name', 'form', 'height');
    const csv = ['Code,Genus,Species,Common name,Form,Height (cm)'];
    for (const r of rows)
      if (r.id !== hornbeam) csv.push([r.code, r.genus, r.species, r.common_name, r.form, r.id === maple ? '90-120' : r.height].join(','));
    const previewed = await importFile({ name: 'edited.csv', body: Buffer.from(csv.join('\n')), type: 'text/csv' });
    expect(previewed.counts).toEqual({ added: 0, changed: 1, retired: 1, reinstated: 0, unchanged: 2 });
    expect(previewed.changed[0].after).toMatchObject({ code: before.code, height: '90-120' });
    expect(previewed.retired).toEqual([expect.objectContaining({ code: gone.code, genus: 'Carpinus' })]);
    expect(await currentRevision(db())).toBe(revision + 1);

    const after = await db()('catalogue_items').where({ id: maple }).first();
    expect(after).toMatchObject({
      id: maple,
      code: before.code,
      height: '90-120',
      price_pence: 245,
      stock_quantity: 5000,
      retired_at: null,
    });
    const retired = await db()('catalogue_items').where({ id: hornbeam }).first();
    expect(retired).toMatchObject({ code: gone.code, genus: 'Carpinus', species: 'betulus' });
    expect(retired.retired_at).toBeInstanceOf(Date);

    // The buyer's list: the maple line still points at the maple (now taller); the hornbeam reads
    // as no longer available, with the retired line's description and code.
    const list = (await used.buyer.get('/api/plant-list')).body;
    expect(list.count).toBe(PLANTS.length);
    const listed = (id: number) => list.lines.find((l: { catalogue_item_id: number }) => l.catalogue_item_id === id);
    expect(listed(maple)).toMatchObject({
      available: true,
      changed: true,
      quantity: 1,
      current: { id: maple, code: before.code, height: '90-120' },
    });
    expect(listed(hornbeam)).toMatchObject({
      available: false,
      quantity: 2,
      snapshot: { code: gone.code, genus: 'Carpinus', species: 'betulus', form: 'Bare root', height: '60-90' },
      current: { id: hornbeam, code: gone.code, genus: 'Carpinus', retired_at: expect.any(String) },
    });

    // The quote request: every line still names its catalogue line; the hornbeam's is no longer available.
    const quote = (await used.requester.get(`/api/quote-requests/${used.quoteId}`)).body;
    expect(quote.lines.map((l: { catalogue_item_id: number }) => l.catalogue_item_id)).toEqual(used.ids);
    expect(quote.lines[1]).toMatchObject({
      code: gone.code,
      genus: 'Carpinus',
      species: 'betulus',
      height: '60-90',
      quantity: 10,
      available: false,
    });
    expect(quote.lines[0]).toMatchObject({ code: before.code, height: '60-90', available: true });
    const staffView = (await app.admin.get(`/api/admin/quote-requests/${used.quoteId}`)).body;
    expect(staffView.lines[1]).toMatchObject({ code: gone.code, available: false });

    // Retired: out of the catalogue, its search and its genus page; not to be added to a list anew.
    const search = (await app.server.client().get('/api/catalogue?q=betulus')).body;
    expect(search.results.map((l: { id: number }) => l.id)).not.toContain(hornbeam);
    expect((await app.server.client().get('/api/catalogue/genera/carpinus')).status).toBe(404);
    const add = await used.buyer.post('/api/plant-list/lines', { catalogue_item_id: hornbeam, quantity: 1 });
    expect(add.status).toBe(422);
    expect(add.body.errors).toEqual({ catalogue_item_id: ['This line is no longer available in the catalogue.'] });

    // The hornbeam's row back in the sheet reinstates the same line, id and code.
    csv.push([gone.code, 'Carpinus', 'betulus', 'Hornbeam', 'Bare root', '60-90'].join(','));
    const back = await importFile({ name: 'back.csv', body: Buffer.from(csv.join('\n')), type: 'text/csv' });
    expect(back.counts).toEqual({ added: 0, changed: 0, retired: 0, reinstated: 1, unchanged: 3 });
    expect(await db()('catalogue_items').where({ id: hornbeam }).first()).toMatchObject({
      code: gone.code,
      retired_at: null,
      price_pence: 180,
    });
    expect(
      (await used.buyer.get('/api/plant-list')).body.lines.find((l: { catalogue_item_id: number }) => l.catalogue_item_id === hornbeam),
    ).toMatchObject({ available: true });
  });

  it('matches a sheet without codes by genus, species, form and height, in any capitals', async () => {
    const used = await catalogueInUse();
    const rows = await db()('catalogue_items').orderBy('id').select('id', 'genus', 'species', 'common_name', 'form', 'height');
    const csv = [
      'Genus,Species,Common name,Form,Height (cm)',
      ...rows.slice(1).map((r) => [r.genus.toUpperCase(), r.species, r.common_name, r.form, r.height].join(',')),
    ];
    const previewed = await importFile({ name: 'plain.csv', body: Buffer.from(csv.join('\n')), type: 'text/csv' });
    expect(previewed.counts).toMatchObject({ added: 0, changed: 3, retired: 1 });
    const stored = await db()('catalogue_items').orderBy('id').select('id', 'genus', 'retired_at');
    expect(stored.map((r) => r.id)).toEqual(used.ids);
    expect(stored.map((r) => r.genus)).toEqual(['Acer', 'CARPINUS', 'FAGUS', 'ILEX']);
    expect(stored[0]!.retired_at).toBeInstanceOf(Date);
  });
});
