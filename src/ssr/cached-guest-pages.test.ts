import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/admin.ts';
import { insertWidget } from '../../test/factories.ts';
import { insertCatalogueItems } from '../../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import { headerFields, type TestClient } from '../../test/http-client.ts';

/**
 * The page cache's fast lane (`cachedForGuests` in src/ssr/pages.ts, issue 20): a guest's GET of a
 * cached public page is answered before the session, CSRF and the routers. It must still answer
 * as the full pipeline did — security headers, private revalidated caching, a form's token that a
 * no-JavaScript post accepts — and never take a signed-in visitor's request. Needs the web build.
 */
let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let ip = 0;

beforeAll(async () => {
  context = await createTestContext();
  await insertWidget(context.deps.db, { name: 'AboutText', html: '<p>About the nursery</p>' });
  server = await startTestServer(context);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

const HTML = { accept: 'text/html' };
const tokenOf = (html: string) => html.match(/name="_token" value="([^"]*)"/)?.[1];
const hits = async () => (await context.deps.metrics.pageCacheHits.get()).values[0]?.value ?? 0;

/** A visitor without cookies, from an address of its own (the contact form is rate limited per IP). */
function guest(): TestClient {
  const client = server.client();
  client.ip = `10.20.0.${++ip}`;
  return client;
}

/** A url-encoded form post, as a browser without JavaScript sends it. */
const postForm = (client: TestClient, action: string, fields: Record<string, string>) =>
  client.request('POST', action, {
    body: new URLSearchParams(fields).toString(),
    csrf: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...HTML },
  });

const contactFields = (token: string, email: string) => ({
  _token: token,
  name: 'Sam Plant',
  telephone: '01233 000000',
  email,
  message: 'Twenty hornbeams, please.',
});

describe('a cached public page for a guest', () => {
  it('sets no session and no XSRF cookie, and keeps the security headers, private revalidation and Vary', async () => {
    await guest().get('/about', HTML); // fills the cache
    const before = await hits();
    for (const method of ['GET', 'HEAD']) {
      const response = await guest().request(method, '/about', { headers: HTML });
      expect(response.status, method).toBe(200);
      expect(response.headers.getSetCookie(), method).toEqual([]);
      expect(response.headers.get('content-security-policy'), method).toContain("script-src 'self'");
      expect(response.headers.get('x-content-type-options'), method).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), method).toBe('DENY');
      expect(response.headers.get('x-request-id'), method).toBeTruthy();
      expect(response.headers.get('cache-control'), method).toBe('private, no-cache');
      expect(response.headers.get('vary'), method).toMatch(/Accept-Encoding/);
      expect(response.headers.get('vary'), method).toMatch(/Cookie/);
      expect(response.headers.get('content-encoding'), method).toBe('gzip'); // the bytes compressed once, for everyone
      if (method === 'GET') expect(response.body).toContain('About the nursery');
    }
    expect(await hits()).toBe(before + 2);
  });

  it('is rendered in the fast lane when not cached yet: no cookie, the same bytes as the hits after it', async () => {
    const misses = async () => (await context.deps.metrics.pageCacheMisses.get()).values[0]?.value ?? 0;
    const [missesBefore, hitsBefore] = [await misses(), await hits()];
    const first = await guest().get('/about?from=fast-lane', HTML);
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie()).toEqual([]);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.body).toContain('About the nursery');
    const second = await guest().get('/about?from=fast-lane', HTML);
    expect(second.body).toBe(first.body);
    expect([await misses(), await hits()]).toEqual([missesBefore + 1, hitsBefore + 1]);
  });

  it('is sent before Koa once cached, with the very headers the pipeline sent when it rendered the page', async () => {
    const headersOf = (response: { headers: Headers }) => {
      const { date: _date, 'x-request-id': id, ...rest } = headerFields(response.headers);
      expect(id).toBeTruthy();
      return rest;
    };
    const rendered = await guest().get('/about?from=lane', HTML); // the miss: rendered by the middleware
    const fromLane = await guest().get('/about?from=lane', HTML);
    expect(fromLane.body).toBe(rendered.body);
    expect(headersOf(fromLane)).toEqual(headersOf(rendered));
  });

  it('rendered in the fast lane with a no-JavaScript form, gives the guest a token its post is accepted with', async () => {
    const client = guest();
    const opened = await client.get('/contact?from=fast-lane', HTML);
    const token = tokenOf(opened.body as string);
    expect(token).toBeTruthy();
    expect(token).toBe(decodeURIComponent(client.cookies.get('XSRF-TOKEN')!));
    const posted = await postForm(client, '/contact', contactFields(token!, 'fast-lane-miss@example.com'));
    expect(posted.status).toBe(303);
  });

  it('leaves a GET that a route answers to the route, though its path could be a page (/healthz)', async () => {
    const response = await guest().get('/healthz', { accept: 'text/html, application/json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('with a no-JavaScript form gives a cookieless guest a token that its post is accepted with, and keeps it after', async () => {
    await guest().get('/contact', HTML);
    const client = guest();
    const opened = await client.get('/contact', HTML);
    const token = tokenOf(opened.body as string);
    expect(token).toBeTruthy();
    expect(token).toBe(decodeURIComponent(client.cookies.get('XSRF-TOKEN')!));
    expect(opened.headers.get('cache-control')).toBe('private, no-cache');

    // Opened again with the cookie: the same token, no new cookie.
    const again = await client.get('/contact', HTML);
    expect(tokenOf(again.body as string)).toBe(token);
    expect(again.headers.getSetCookie()).toEqual([]);

    const posted = await postForm(client, '/contact', contactFields(token!, 'fast-lane@example.com'));
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/contact/sent');
    expect(await context.deps.db('contact_messages').where({ email: 'fast-lane@example.com' }).first()).toBeDefined();
  });

  it('writes one token into every form of a page (verify email: resend and log out)', async () => {
    await guest().get('/verify-email', HTML);
    const client = guest();
    const html = (await client.get('/verify-email', HTML)).body as string;
    const tokens = [...html.matchAll(/name="_token" value="([^"]*)"/g)].map((match) => match[1]);
    expect(tokens.length).toBeGreaterThan(1);
    expect(new Set(tokens)).toEqual(new Set([decodeURIComponent(client.cookies.get('XSRF-TOKEN')!)]));
  });

  it('replaces a forged XSRF cookie with a valid token, and a post without the token is still refused', async () => {
    await guest().get('/contact', HTML);
    const client = guest();
    client.cookies.set('XSRF-TOKEN', 'attacker.chosen');
    const opened = await client.get('/contact', HTML);
    const token = tokenOf(opened.body as string);
    expect(token).not.toBe('attacker.chosen');
    expect(decodeURIComponent(client.cookies.get('XSRF-TOKEN')!)).toBe(token);

    const { _token: _, ...withoutToken } = contactFields(token!, 'no-token@example.com');
    expect((await postForm(client, '/contact', withoutToken)).status).toBe(419);
  });
});

describe('a signed-in visitor', () => {
  it('is answered by the full pipeline: the form token on a cached page is bound to their session', async () => {
    await guest().get('/contact', HTML); // cached for guests
    const member = await signedIn(server, context.deps, { role: 'user' });
    member.ip = `10.20.1.${++ip}`;
    const opened = await member.get('/contact', HTML);
    const token = tokenOf(opened.body as string);
    // A guest's token would be refused (419) on a signed-in session (docs/decisions/002-csrf.md).
    expect(token).toBe(decodeURIComponent(member.cookies.get('XSRF-TOKEN')!));
    const posted = await postForm(member, '/contact', contactFields(token!, 'member@example.com'));
    expect(posted.status).toBe(303);
  });

  it('still gets their own plant list page, which guests asking first did not fill or share', async () => {
    const [itemId] = await insertCatalogueItems(context.deps.db, [{ genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam' }]);
    const item = await context.deps.db('catalogue_items').where({ id: itemId }).first();
    const member = await signedIn(server, context.deps, { role: 'user' });
    await context.deps.db('plant_list_lines').insert({
      user_id: member.userId,
      catalogue_item_id: item.id,
      quantity: 250,
      snapshot: JSON.stringify({
        code: item.code,
        genus: 'Carpinus',
        species: 'betulus',
        common_name: 'Hornbeam',
        form: item.form,
        height: item.height,
      }),
    });
    for (let i = 0; i < 2; i++) expect((await guest().get('/plant-list', HTML)).body).not.toContain('Carpinus betulus');
    const page = await member.get('/plant-list', HTML);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.body).toMatch(/<noscript>[\s\S]*Carpinus betulus[\s\S]*250[\s\S]*<\/noscript>/);
  });
});
