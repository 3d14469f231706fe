import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../../test/admin.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import type { TestClient } from '../../test/http-client.ts';
import { renderCatalogue } from '../modules/catalogue/render-job.ts';

/**
 * Stored files over HTTP, from the local folder and from a bucket alike: /media and the catalogue
 * downloads answer with type, validators, 304, one byte range (206), 416 past the end, and HEAD.
 */

// fetch() adds `Cache-Control: no-cache` to a request it sees as conditional (and `fresh` rightly
// answers such a reload in full); a browser revalidating its cached copy does not.
const revalidate = { 'cache-control': 'max-age=0' };

describe.each(['local', 's3'] as const)('stored files over HTTP (%s storage)', (driver) => {
  let ctx: TestContext;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let client: TestClient;
  let picture: Buffer;
  const key = 'galleries/7/3-0a1b2c3d/480.webp';
  const url = `/media/${key}`;

  beforeAll(async () => {
    ctx = await createTestContext({ storage: driver });
    expect(ctx.deps.storage.driver).toBe(driver);
    picture = await testImage(480, 320, 'webp');
    await ctx.deps.storage.put(key, picture);
    await ctx.deps.db('catalogue_items').insert([
      { genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: '1L', height: '20-40' },
      { genus: 'Betula', species: 'pendula', common_name: 'Silver birch', form: 'Bare root', height: '90-120' },
    ]);
    await renderCatalogue(ctx.deps);
    server = await startTestServer(ctx);
    client = server.client();
  });
  afterAll(async () => {
    await server?.close();
    await ctx?.close();
  });

  describe('media', () => {
    it('serves a file with its type, validators and year-long caching', async () => {
      const info = (await ctx.deps.storage.stat(key))!;
      const response = await client.get(url);
      expect(response.status).toBe(200);
      expect(response.raw.equals(picture)).toBe(true);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('content-length')).toBe(String(picture.length));
      expect(response.headers.get('etag')).toBe(info.etag);
      expect(response.headers.get('last-modified')).toBe(info.modifiedAt.toUTCString());
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('answers 304 to a matching If-None-Match or If-Modified-Since, 200 to a stale one', async () => {
      const first = await client.get(url);
      const etag = first.headers.get('etag')!;
      const byEtag = await client.get(url, { ...revalidate, 'if-none-match': etag });
      expect(byEtag.status).toBe(304);
      expect(byEtag.raw.length).toBe(0);
      expect(byEtag.headers.get('etag')).toBe(etag);
      expect((await client.get(url, { ...revalidate, 'if-modified-since': first.headers.get('last-modified')! })).status).toBe(304);
      expect((await client.get(url, { ...revalidate, 'if-none-match': '"stale"' })).status).toBe(200);
    });

    it('serves one byte range with 206 and Content-Range', async () => {
      const size = picture.length;
      for (const [range, start, end] of [
        ['bytes=0-99', 0, 99],
        ['bytes=100-', 100, size - 1],
        ['bytes=-64', size - 64, size - 1],
        [`bytes=10-${size + 1000}`, 10, size - 1],
      ] as const) {
        const response = await client.get(url, { range });
        expect(response.status, range).toBe(206);
        expect(response.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
        expect(response.headers.get('content-length'), range).toBe(String(end - start + 1));
        expect(response.raw.equals(picture.subarray(start, end + 1)), range).toBe(true);
      }
    });

    it('answers 416 with the size for a range past the end, and the whole file for several ranges', async () => {
      const past = await client.get(url, { range: `bytes=${picture.length}-` });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${picture.length}`);
      expect(past.body).toEqual({ message: 'The requested range is not satisfiable.' });
      const several = await client.get(url, { range: 'bytes=0-9,20-29' });
      expect(several.status).toBe(200);
      expect(several.raw.equals(picture)).toBe(true);
    });

    it('applies a range only while If-Range still names the same file', async () => {
      const etag = (await client.get(url)).headers.get('etag')!;
      expect((await client.get(url, { range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
      const changed = await client.get(url, { range: 'bytes=0-9', 'if-range': '"an older version"' });
      expect(changed.status).toBe(200);
      expect(changed.raw.equals(picture)).toBe(true);
    });

    it('answers HEAD with the headers only', async () => {
      const head = await client.request('HEAD', url);
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(picture.length));
      expect(head.headers.get('etag')).toBeTruthy();
      expect(head.raw.length).toBe(0);
    });

    it('404s for a missing file, an uploaded original, a non-image type and a key that is not a plain path', async () => {
      await ctx.deps.storage.put('galleries/7/originals/abc.jpg', picture);
      await ctx.deps.storage.put('files/notes.txt', Buffer.from('text'));
      for (const path of [
        '/media/galleries/7/none.webp',
        '/media/galleries/7/originals/abc.jpg',
        '/media/files/notes.txt',
        '/media/galleries//7/x.webp',
        '/media/galleries/%2E%2E/x.webp',
      ]) {
        const response = await client.get(path);
        expect(response.status, path).toBe(404);
        expect(response.body, path).toEqual({ message: 'Not found.' });
      }
    });
  });

  describe('catalogue downloads', () => {
    it.each(['pdf', 'xlsx'] as const)('serve the %s with its hash as ETag, 304, ranges and 416', async (format) => {
      const whole = await client.get(`/downloads/catalogue.${format}`);
      expect(whole.status).toBe(200);
      const etag = whole.headers.get('etag')!;
      expect(etag).toBe(`"${createHash('sha256').update(whole.raw).digest('hex')}"`);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect((await client.get(`/downloads/catalogue.${format}`, { ...revalidate, 'if-none-match': etag })).status).toBe(304);

      // A download resumed after 1,000 bytes gets the rest, and the pieces make the whole file.
      const rest = await client.get(`/downloads/catalogue.${format}`, { range: 'bytes=1000-', 'if-range': etag });
      expect(rest.status).toBe(206);
      expect(rest.headers.get('content-range')).toBe(`bytes 1000-${whole.raw.length - 1}/${whole.raw.length}`);
      expect(rest.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(Buffer.concat([whole.raw.subarray(0, 1000), rest.raw]).equals(whole.raw)).toBe(true);

      const past = await client.get(`/downloads/catalogue.${format}`, { range: `bytes=${whole.raw.length}-` });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${whole.raw.length}`);
    });

    it('left no temp file behind after rendering and storing the catalogue', () => {
      const tmp = path.join(ctx.deps.config.varDir, 'tmp');
      expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
      // In a bucket nothing is written to this host's storage folder.
      expect(existsSync(path.join(ctx.deps.config.varDir, 'storage'))).toBe(driver === 'local');
    });
  });
});
