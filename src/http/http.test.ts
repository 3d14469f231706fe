import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';

let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
// A build of our own (WEB_DIST), so the SPA tests check that index.html itself is served: with no
// build at all the server answers a "Build missing" page, which must not pass for the app.
const webDist = mkdtempSync(path.join(tmpdir(), 'nursery-dist-'));
const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>';
const assetJs = 'console.log("built app");';

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  writeFileSync(path.join(webDist, 'assets', 'index-test.js'), assetJs);
  context = await createTestContext({ env: { WEB_DIST: webDist } });
  server = await startTestServer(context);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('cross-cutting HTTP behaviour', () => {
  it('issues a readable XSRF-TOKEN cookie from /sanctum/csrf-cookie', async () => {
    const response = await server.client().get('/sanctum/csrf-cookie');
    expect(response.status).toBe(204);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
  });

  it('answers 419 to a state change without the CSRF header, with a forged token, or with no cookie', async () => {
    const client = await server.client().csrf();
    const missing = await client.post('/api/contact', {}, { csrf: false });
    expect(missing.status).toBe(419);
    expect(missing.body).toEqual({ message: 'CSRF token mismatch.' });

    const forged = await client.request('POST', '/api/contact', { json: {}, csrf: false, headers: { 'x-xsrf-token': 'abc.def' } });
    expect(forged.status).toBe(419);

    const noCookie = server.client();
    const response = await noCookie.request('POST', '/api/contact', {
      json: {},
      headers: { 'x-xsrf-token': client.cookies.get('XSRF-TOKEN')! },
    });
    expect(response.status).toBe(419);
  });

  it('refuses a self-made cookie and header pair that the server did not sign', async () => {
    const client = server.client();
    client.cookies.set('XSRF-TOKEN', 'attacker.chosen');
    const response = await client.post('/api/contact', {});
    expect(response.status).toBe(419);
  });

  it('sets security headers, including a CSP without inline scripts', async () => {
    const response = await server.client().get('/healthz');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await server.client().get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found.' });
  });

  it('serves index.html with 200 for client routes and 404 for unknown paths', async () => {
    const known = await server.client().request('GET', '/catalogue', { headers: { accept: 'text/html' } });
    expect(known.status).toBe(200);
    expect(known.headers.get('content-type')).toContain('text/html');
    expect(known.headers.get('cache-control')).toBe('private, no-cache');
    expect(known.body).toBe(indexHtml);
    const reset = await server.client().request('GET', '/reset-password/abc', { headers: { accept: 'text/html' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toBe(indexHtml);
    // Pages whose path is also a POST route (Fortify's /login, /register …) are pages to a browser.
    for (const page of ['/login', '/register', '/forgot-password', '/two-factor-challenge']) {
      const response = await server.client().request('GET', page, { headers: { accept: 'text/html' } });
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type'), page).toContain('text/html');
      expect(response.body, page).toBe(indexHtml);
    }
    const unknown = await server.client().request('GET', '/no/such/page', { headers: { accept: 'text/html' } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
    expect(unknown.body).toBe(indexHtml); // the app shows its own 404 page

    const asset = await server.client().get('/assets/index-test.js');
    expect(asset.status).toBe(200);
    expect(asset.raw.toString('utf8')).toBe(assetJs);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('cache-control')).toMatch(/^public, /); // the same for everyone: shareable
    expect(asset.headers.get('vary') ?? '').not.toMatch(/cookie/i);
  });

  it('reports health and readiness', async () => {
    expect((await server.client().get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await server.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ database: true, queue: true });
  });

  it('answers GET /api/user with 401 for a guest', async () => {
    const response = await server.client().get('/api/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers malformed JSON with a 400, never a 500', async () => {
    const client = await server.client().csrf();
    const response = await client.request('POST', '/api/contact', { body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The request body is not valid.' });
  });

  it('serves the business details', async () => {
    const response = await server.client().get('/api/site');
    expect(response.status).toBe(200);
    expect(response.body.address).toContain('TN26 1AR');
    expect(response.body.address).toContain('Hothfield');
  });
});
