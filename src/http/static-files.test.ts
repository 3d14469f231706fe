import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';

/**
 * The build's files from memory (src/http/static-files.ts), through the whole app: a build of our
 * own, so the test knows every byte.
 */
let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
const webDist = mkdtempSync(path.join(tmpdir(), 'nursery-static-'));
const script = `console.log(${JSON.stringify('built app '.repeat(200))});`;
const favicon = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'index-abc.js.gz'), gzipSync(script));
  writeFileSync(path.join(webDist, 'favicon.svg'), favicon);
  context = await createTestContext({ env: { WEB_DIST: webDist } });
  server = await startTestServer(context);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** A GET with these headers, its body as sent (fetch would decompress it). */
function rawGet(urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${server.baseUrl}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the built files', () => {
  it('serve an asset as its precompressed twin to gzip clients and the file to others, immutable, public, with no cookie', async () => {
    const gzip = await rawGet('/assets/index-abc.js', { 'accept-encoding': 'gzip' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    expect(gzip.headers['content-type']).toMatch(/javascript/);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/);
    expect(gzip.headers.vary ?? '').not.toMatch(/Cookie/);
    expect(gzip.headers['set-cookie']).toBeUndefined();
    expect(gzip.headers['x-content-type-options']).toBe('nosniff');

    const plain = await rawGet('/assets/index-abc.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers.etag).not.toBe(gzip.headers.etag); // two representations, two validators
  });

  it('answer a revalidation with 304 by ETag or Last-Modified', async () => {
    const first = await rawGet('/favicon.svg');
    expect(first.status).toBe(200);
    expect(first.body.toString()).toBe(favicon);
    expect(first.headers['content-type']).toBe('image/svg+xml');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const byTag = await rawGet('/favicon.svg', { 'if-none-match': String(first.headers.etag) });
    expect(byTag.status).toBe(304);
    expect(byTag.body.length).toBe(0);
    const byDate = await rawGet('/favicon.svg', { 'if-modified-since': String(first.headers['last-modified']) });
    expect(byDate.status).toBe(304);
  });

  it('are read once: later requests do not go back to the disk', async () => {
    expect((await rawGet('/favicon.svg')).body.toString()).toBe(favicon);
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg>changed on disk</svg>');
    expect((await rawGet('/favicon.svg')).body.toString()).toBe(favicon);
  });

  it('leave a name the build does not have to the app: a missing asset is a plain 404, robots.txt is a route', async () => {
    expect((await rawGet('/assets/missing-abc.js')).status).toBe(404);
    const robots = await rawGet('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.body.toString()).toMatch(/User-agent/i);
  });
});
