import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGallery, insertWidget } from '../../../test/factories.ts';
import { insertGalleryImage } from '../../../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { renderSitemap, xmlEscape } from './xml.ts';

const APP_URL = 'https://www.nursery.example';

let ctx: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let client: TestClient;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ctx = await createTestContext({ redis: false, env: { APP_URL } });
  const db = ctx.deps.db;
  /** Sets a row's updated_at, as if it had last changed then. */
  const dated = async (table: string, row: { id: number }, iso: string) =>
    db(table)
      .where({ id: row.id })
      .update({ updated_at: at(iso) });
  await dated('widgets', await insertWidget(db, { name: 'HomeText' }), '2026-03-01T10:00:00Z');
  await dated('widgets', await insertWidget(db, { name: 'HomeText2' }), '2026-03-05T10:00:00Z');
  await dated('widgets', await insertWidget(db, { name: 'FindText' }), '2026-02-01T08:30:00Z');
  await dated('widgets', await insertWidget(db, { name: 'CookiePolicy' }), '2025-12-24T00:00:00Z');
  await dated('widgets', await insertWidget(db, { name: 'CatalogueText' }), '2026-01-01T00:00:00Z');
  await dated('widgets', await insertWidget(db, { name: 'Unused' }), '2027-01-01T00:00:00Z');
  // The about banner: the gallery is older than its newest shown picture; a failed one is not shown.
  await dated('galleries', await insertGallery(db, { id: 1, name: 'About' }), '2026-01-10T00:00:00Z');
  await dated('gallery_images', await insertGalleryImage(db, { gallery_id: 1, status: 'ready' }), '2026-04-02T12:00:00Z');
  await dated('gallery_images', await insertGalleryImage(db, { gallery_id: 1, status: 'failed' }), '2026-09-09T09:09:09Z');
  await db('catalogue_items').insert([
    { genus: 'Acer', species: 'campestre', form: '1L', height: '20-40', updated_at: at('2026-05-01T00:00:00Z') },
    { genus: 'Acer', species: 'rubrum', form: '3L', height: '40-60', updated_at: at('2026-05-03T00:00:00Z') },
    { genus: '× Cuprocyparis', species: 'leylandii', form: '3L', height: '60-90', updated_at: at('2026-04-01T00:00:00Z') },
  ]);
  // The catalogue's last change (a deletion, say) is newer than any line left.
  await db('catalogue_state')
    .where({ id: 1 })
    .update({ changed_at: at('2026-06-01T00:00:00Z') });
  server = await startTestServer(ctx);
  client = server.client();
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

/**
 * A strict reading of a sitemap: the XML declaration, one <urlset> in the sitemap 0.9 namespace
 * holding only <url> elements, each with exactly one <loc> and at most one <lastmod>, every tag
 * closed in order, no stray text. Returns loc → lastmod (undefined when absent).
 */
function readSitemap(xml: string): Map<string, string | undefined> {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const tokens = xml
    .slice(xml.indexOf('?>') + 2)
    .match(/<[^>]*>|[^<]+/g)!
    .filter((t) => t.trim() !== '');
  expect(tokens.shift()).toBe('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(tokens.pop()).toBe('</urlset>');
  const urls = new Map<string, string | undefined>();
  while (tokens.length) {
    expect(tokens.shift()).toBe('<url>');
    const fields: Record<string, string> = {};
    while (tokens[0] !== '</url>') {
      const open = tokens.shift()!;
      const name = /^<(loc|lastmod)>$/.exec(open)?.[1];
      expect(name, `unexpected ${open}`).toBeDefined();
      expect(fields[name!], `second <${name}>`).toBeUndefined();
      const text = tokens.shift()!;
      expect(text.startsWith('<')).toBe(false);
      expect(tokens.shift()).toBe(`</${name}>`);
      fields[name!] = text
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
    }
    tokens.shift();
    expect(fields.loc).toBeDefined();
    expect(urls.has(fields.loc!), `duplicate ${fields.loc}`).toBe(false);
    if (fields.lastmod !== undefined) {
      expect(fields.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(Number.isNaN(Date.parse(fields.lastmod))).toBe(false);
    }
    urls.set(fields.loc!, fields.lastmod);
  }
  return urls;
}

describe('GET /robots.txt', () => {
  it('keeps crawlers out of private areas, the API and the sign-in screens, and names the sitemap', async () => {
    const response = await client.get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const lines = (response.body as string).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    expect(disallowed.sort()).toEqual(
      [
        '/admin',
        '/account',
        '/api/',
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password',
        '/verify-email',
        '/two-factor-challenge',
        '/confirm-password',
      ].sort(),
    );
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every public page and every genus page with absolute URLs, dated by the data they show', async () => {
    const response = await client.get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const urls = readSitemap(response.body as string);
    expect([...urls.keys()].sort()).toEqual(
      [
        '/',
        '/about',
        '/shows',
        '/catalogue',
        '/find',
        '/contact',
        '/terms',
        '/legal/privacy',
        '/environmental',
        '/biosecurity',
        '/cookies',
        '/catalogue/genus/acer',
        '/catalogue/genus/cuprocyparis',
      ]
        .map((p) => APP_URL + p)
        .sort(),
    );
    const lastmod = (path: string) => urls.get(APP_URL + path);
    expect(lastmod('/')).toBe('2026-03-05T10:00:00Z'); // the newer of its two widgets
    expect(lastmod('/about')).toBe('2026-04-02T12:00:00Z'); // its banner's newest shown picture
    expect(lastmod('/find')).toBe('2026-02-01T08:30:00Z');
    expect(lastmod('/cookies')).toBe('2025-12-24T00:00:00Z');
    expect(lastmod('/catalogue')).toBe('2026-06-01T00:00:00Z'); // the catalogue's last change
    expect(lastmod('/catalogue/genus/acer')).toBe('2026-05-03T00:00:00Z');
    expect(lastmod('/catalogue/genus/cuprocyparis')).toBe('2026-04-01T00:00:00Z');
    // Nothing stored behind these (no widget yet, or none at all): no date rather than an invented one.
    for (const path of ['/shows', '/contact', '/terms', '/legal/privacy', '/environmental', '/biosecurity'])
      expect(lastmod(path)).toBeUndefined();
  });

  it('follows the catalogue: a new genus is listed at once', async () => {
    await ctx.services.catalogue.create({ genus: 'Zelkova', species: 'serrata', form: '10L', height: '175-200' });
    const urls = readSitemap((await client.get('/sitemap.xml')).body as string);
    const lastmod = urls.get(`${APP_URL}/catalogue/genus/zelkova`);
    expect(lastmod).toMatch(/^\d{4}-/);
    expect(urls.get(`${APP_URL}/catalogue`)).toBe(lastmod);
  });
});

describe('sitemap XML', () => {
  it('escapes what would break the markup', () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    const xml = renderSitemap([{ loc: 'https://x.example/?a=1&b=<2>', lastmod: new Date('2026-01-02T03:04:05.678Z') }]);
    expect(readSitemap(xml)).toEqual(new Map([['https://x.example/?a=1&b=<2>', '2026-01-02T03:04:05Z']]));
    expect(xml).toContain('<loc>https://x.example/?a=1&amp;b=&lt;2&gt;</loc>');
  });
});
