import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFile } from './store.ts';
import { renderCatalogue } from './render-job.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS, issueDateIso } from './constants.ts';

const ITEMS = [
  { genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: '1L', height: '20-40' },
  { genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: 'Bare root', height: '40-60' },
  { genus: 'Acer', species: "palmatum 'Bloodgood'", common_name: 'Japanese maple', form: '3L', height: '60-90' },
  { genus: 'Betula', species: 'pendula', common_name: 'Silver birch', form: 'Bare root', height: '90-120' },
  { genus: 'Betula', species: 'utilis var. jacquemontii', common_name: 'Himalayan birch', form: '10L', height: '150-175' },
  { genus: 'Crataegus', species: 'monogyna', common_name: 'Hawthorn', form: 'Bare root', height: '60-90' },
  { genus: 'Crataegus', species: 'monogyna', common_name: 'Hawthorn', form: 'Bare root', height: '40-60' },
  { genus: 'Fagus', species: 'sylvatica', common_name: 'Beech', form: '9cm', height: '10-20' },
  { genus: 'Fagus', species: 'sylvatica', common_name: 'Beech', form: 'Bare root', height: '60-90' },
  { genus: 'Malus', species: "domestica 'M26'", common_name: 'Apple rootstock', form: 'Bare root', height: 'Rootstock' },
  { genus: 'Prunus', species: "avium 'Plena'", common_name: 'Double wild cherry', form: '7L', height: '175-200' },
  { genus: 'Quercus', species: 'robur', common_name: 'English oak', form: '7.5L', height: '120-150' },
  { genus: 'Sorbus', species: 'aucuparia', common_name: 'Rowan', form: '2L', height: '90-120' },
];

let ctx: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.deps.db('catalogue_items').insert(ITEMS);
  server = await startTestServer(ctx);
  client = server.client();
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

const search = async (query: string) => {
  const response = await client.get(`/api/catalogue${query}`);
  expect(response.status).toBe(200);
  return response.body as {
    results: { id: number; genus: string; species: string; common_name: string; form: string; height: string }[];
    total: number;
    facets: { genus: string[]; form: string[]; height: string[] };
    did_you_mean: string[];
  };
};
const names = (body: Awaited<ReturnType<typeof search>>) => body.results.map((r) => `${r.genus} ${r.species} ${r.form} ${r.height}`);

describe('GET /api/catalogue', () => {
  it('lists everything in catalogue order: genus, species, form and height by their vocabulary', async () => {
    const body = await search('');
    expect(body.total).toBe(ITEMS.length);
    expect(names(body).slice(0, 3)).toEqual([
      'Acer campestre Bare root 40-60',
      'Acer campestre 1L 20-40',
      "Acer palmatum 'Bloodgood' 3L 60-90",
    ]);
    expect(names(body).slice(5, 7)).toEqual(['Crataegus monogyna Bare root 40-60', 'Crataegus monogyna Bare root 60-90']);
    expect(Object.keys(body.results[0]!).sort()).toEqual(['code', 'common_name', 'form', 'genus', 'height', 'id', 'species']);
  });

  it('treats empty parameters as absent', async () => {
    expect((await search('?q=&genus=&form=&height=&page=&limit=')).total).toBe(ITEMS.length);
  });

  it('searches genus, species and common name case-insensitively, every word must match', async () => {
    expect(new Set((await search('?q=ACER')).results.map((r) => r.genus))).toEqual(new Set(['Acer']));
    expect((await search('?q=acer')).total).toBe(3);
    expect(names(await search('?q=acer%20PALM'))).toEqual(["Acer palmatum 'Bloodgood' 3L 60-90"]);
    expect(names(await search('?q=birch'))).toHaveLength(2); // common names
    expect(names(await search('?q=betula%20jacq'))).toEqual(['Betula utilis var. jacquemontii 10L 150-175']);
    expect((await search('?q=%20%20sylvatica%20%20')).total).toBe(2);
    // No line is both: not an exact match, so the answer is the "did you mean" fallback (search.test.ts).
    expect((await search('?q=acer%20oak')).did_you_mean).toEqual(['Acer']);
    expect((await search('?q=%25')).total).toBe(0); // a literal %, not a wildcard
    expect((await search('?q=_')).total).toBe(0);
  });

  it('filters by genus, form and height exactly, and combines filters with search', async () => {
    expect((await search('?genus=Fagus')).total).toBe(2);
    expect((await search('?genus=Fag')).total).toBe(0);
    expect((await search('?form=Bare%20root')).total).toBe(6);
    expect(names(await search('?height=Rootstock'))).toEqual(["Malus domestica 'M26' Bare root Rootstock"]);
    expect((await search('?form=Bare%20root&genus=Crataegus&height=60-90')).total).toBe(1);
    expect((await search('?q=maple&form=1L')).total).toBe(1);
  });

  it('pages with a total', async () => {
    const first = await search('?limit=5&page=0');
    const third = await search('?limit=5&page=2');
    const beyond = await search('?limit=5&page=9');
    expect(first.results).toHaveLength(5);
    expect(third.results).toHaveLength(ITEMS.length - 10);
    expect(beyond.results).toHaveLength(0);
    for (const body of [first, third, beyond]) expect(body.total).toBe(ITEMS.length);
    const all = await search('?limit=100');
    expect([...first.results, ...(await search('?limit=5&page=1')).results, ...third.results]).toEqual(all.results);
  });

  it('returns facets over the whole catalogue, whatever the filter', async () => {
    const { facets } = await search('?q=acer&limit=1');
    expect(facets.genus).toEqual(['Acer', 'Betula', 'Crataegus', 'Fagus', 'Malus', 'Prunus', 'Quercus', 'Sorbus']);
    expect(facets.form).toEqual(CATALOGUE_FORMS.filter((f) => ITEMS.some((i) => i.form === f)));
    expect(facets.form[0]).toBe('Bare root');
    expect(facets.height).toEqual(CATALOGUE_HEIGHTS.filter((h) => ITEMS.some((i) => i.height === h)));
    expect(facets.height.at(-1)).toBe('Rootstock');
  });

  it('sees a change made through the service at once, facets included', async () => {
    const item = await ctx.services.catalogue.create({ genus: 'Zelkova', species: 'serrata', form: '10L', height: '175-200' });
    expect(item).toMatchObject({ genus: 'Zelkova', common_name: '' });
    expect((await search('')).facets.genus.at(-1)).toBe('Zelkova');
    expect((await search('?q=acer')).facets.genus.at(-1)).toBe('Zelkova');
    await ctx.services.catalogue.retire(item.id);
    expect((await search('')).facets.genus).not.toContain('Zelkova');
    expect((await search('?q=acer')).facets.genus).not.toContain('Zelkova');
  });

  it.each([
    ['?limit=101', 'limit', 'The limit may not be greater than 100.'],
    ['?limit=0', 'limit', 'The limit must be at least 1.'],
    ['?limit=2.5', 'limit', 'The limit must be a whole number.'],
    ['?page=-1', 'page', 'The page must be at least 0.'],
    ['?page=abc', 'page', 'The page must be a whole number.'],
    ['?form=Huge', 'form', 'The selected form is invalid.'],
    ['?height=3m', 'height', 'The selected height is invalid.'],
    [`?q=${'a'.repeat(101)}`, 'q', 'The search may not be greater than 100 characters.'],
  ])('%s is a 422 with the field error', async (query, field, message) => {
    const response = await client.get(`/api/catalogue${query}`);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { [field]: [message] } });
  });

  it('lists every bad parameter at once', async () => {
    const response = await client.get('/api/catalogue?limit=500&page=x');
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['limit', 'page']);
    expect(response.body.message).toMatch(/\(and 1 more error\)$/);
  });
});

describe('catalogue downloads', () => {
  it('reports none and answers 503 with Retry-After before the first render', async () => {
    expect((await client.get('/api/catalogue/downloads')).body).toEqual({ pdf: null, xlsx: null });
    for (const path of ['/downloads/catalogue.pdf', '/downloads/catalogue.xlsx']) {
      const response = await client.get(path);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.body).toEqual({ message: 'The catalogue is being generated. Please try again shortly.' });
    }
  });

  it('queues a render at start-up only when the files are missing or stale', async () => {
    expect(await ctx.services.catalogue.ensureDownloads()).toBe(true);
    await renderCatalogue(ctx.deps);
    expect(await ctx.services.catalogue.ensureDownloads()).toBe(false);
  });

  it('lists the newest files', async () => {
    const { body } = await client.get('/api/catalogue/downloads');
    const revision = Number((await ctx.deps.db('catalogue_state').first('revision')).revision);
    for (const format of ['pdf', 'xlsx'] as const) {
      expect(body[format]).toEqual({
        url: `/downloads/catalogue.${format}`,
        bytes: expect.any(Number),
        rows: ITEMS.length,
        revision,
        generated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
      expect(body[format].bytes).toBeGreaterThan(1000);
    }
  });

  it('shows a newly generated file on the next server-rendered catalogue page', async () => {
    const issued = async () => ((await client.get('/catalogue', { accept: 'text/html' })).body as string).match(/Issued <span[^>]*>[^<]*/g);
    const before = await issued();
    const newest = (await client.get('/api/catalogue/downloads')).body.pdf;
    const file = {
      storage_key: 'catalogue/newer',
      bytes: 2000,
      rows: 1,
      sha256: 'x'.repeat(64),
      generated_at: new Date('2031-05-04T10:00:00Z'),
    };
    const newer = await recordFile(ctx.deps.db, { ...file, format: 'pdf', revision: (newest?.revision ?? 0) + 1 });
    try {
      const after = await issued();
      expect(after).not.toEqual(before);
      expect(after?.join(' ')).toContain('4 May 2031');
    } finally {
      await ctx.deps.db('catalogue_files').where({ id: newer.id }).delete();
    }
  });

  it('lists each format by its newest catalogue revision, whichever render finished last', async () => {
    const before = (await client.get('/api/catalogue/downloads')).body;
    const file = { storage_key: 'catalogue/overlapping', bytes: 2000, rows: 1, sha256: 'x'.repeat(64), generated_at: new Date() };
    // A render of an older revision that finished after the newest one.
    const late = await recordFile(ctx.deps.db, { ...file, format: 'pdf', revision: before.pdf.revision - 1 });
    try {
      expect((await client.get('/api/catalogue/downloads')).body).toEqual(before);
    } finally {
      await ctx.deps.db('catalogue_files').where({ id: late.id }).delete();
    }
  });

  it.each([
    ['pdf', 'application/pdf', '%PDF-'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'PK'],
  ] as const)('serves the %s with validators, a dated file name, and 304 when unchanged', async (format, type, magic) => {
    const { body: downloads } = await client.get('/api/catalogue/downloads');
    const info = downloads[format];
    const response = await client.get(`/downloads/catalogue.${format}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-length')).toBe(String(info.bytes));
    expect(response.raw.length).toBe(info.bytes);
    expect(response.raw.subarray(0, magic.length).toString('latin1')).toBe(magic);
    const etag = response.headers.get('etag')!;
    expect(etag).toBe(`"${createHash('sha256').update(response.raw).digest('hex')}"`);
    const lastModified = response.headers.get('last-modified')!;
    expect(new Date(lastModified).toUTCString()).toBe(new Date(info.generated_at).toUTCString());
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="hothfield-nurseries-catalogue-${issueDateIso(new Date(info.generated_at))}.${format}"`,
    );

    // fetch() adds `Cache-Control: no-cache` to a request it sees as conditional (and `fresh`
    // rightly answers such a reload in full); a browser revalidating its cached copy does not.
    const revalidate = { 'cache-control': 'max-age=0' };
    const byEtag = await client.get(`/downloads/catalogue.${format}`, { ...revalidate, 'if-none-match': etag });
    expect(byEtag.status).toBe(304);
    expect(byEtag.raw.length).toBe(0);
    expect(byEtag.headers.get('etag')).toBe(etag);
    expect((await client.get(`/downloads/catalogue.${format}`, { ...revalidate, 'if-modified-since': lastModified })).status).toBe(304);
    expect((await client.get(`/downloads/catalogue.${format}`, { ...revalidate, 'if-none-match': '"stale"' })).status).toBe(200);

    const head = await client.request('HEAD', `/downloads/catalogue.${format}`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(info.bytes));
    expect(head.raw.length).toBe(0);
  });

  it('serves a new file with a new ETag after the catalogue changes', async () => {
    const before = await client.get('/downloads/catalogue.pdf');
    await ctx.services.catalogue.create({ genus: 'Ilex', species: 'aquifolium', common_name: 'Holly', form: '2L', height: '40-60' });
    await renderCatalogue(ctx.deps);
    const after = await client.get('/downloads/catalogue.pdf', {
      'cache-control': 'max-age=0',
      'if-none-match': before.headers.get('etag')!,
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await client.get('/api/catalogue/downloads')).body.pdf.rows).toBe(ITEMS.length + 1);
  });
});
