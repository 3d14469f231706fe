import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDOVER_ELEMENT_ID } from '../../shared/server-render.ts';
import { createApp } from '../app.ts';
import { createDeps } from '../deps.ts';
import { createServices } from '../services.ts';
import { signedIn, sendForm } from '../../test/admin.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import { insertGallery, insertWidget } from '../../test/factories.ts';
import { insertCatalogueItems, insertGalleryImage } from '../../seeds/factories.ts';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { Server } from 'node:http';
import { TestClient } from '../../test/http-client.ts';

/** Every public page, the heading it must show and the widget whose text must be in its HTML. */
const PAGES = [
  { path: '/', title: 'Wholesale Plant Nursery in Kent', h1: 'Hothfield Nurseries, wholesale plant nursery in Kent', widget: 'HomeText' },
  { path: '/about', title: 'About', h1: 'About Hothfield Nurseries', widget: 'AboutText' },
  { path: '/shows', title: 'Shows', h1: 'Trade shows', widget: 'ShowsText' },
  { path: '/catalogue', title: 'Online Catalogue', h1: 'Online Catalogue', widget: 'CatalogueText' },
  { path: '/find', title: 'How To Find Us', h1: 'How to find us', widget: 'FindText' },
  { path: '/contact', title: 'Contact', h1: 'Contact Us', widget: undefined },
  { path: '/terms', title: 'Terms & Conditions', h1: 'Terms & Conditions', widget: undefined },
  { path: '/legal/privacy', title: 'Privacy Policy', h1: 'Privacy Policy', widget: 'PrivacyPolicy' },
  { path: '/environmental', title: 'Environmental Policy', h1: 'Environmental Policy', widget: 'EnvironmentalPolicy' },
  { path: '/biosecurity', title: 'Plant Biosecurity Policy', h1: 'Plant Biosecurity Policy', widget: 'BioSecurityPolicy' },
  { path: '/cookies', title: 'Cookie Policy', h1: 'Cookie Policy', widget: 'CookiePolicy' },
] as const;

const WIDGETS = [
  'HomeText',
  'HomeText2',
  'AboutText',
  'AboutText2',
  'ShowsText',
  'CatalogueText',
  'FindText',
  'PrivacyPolicy',
  'EnvironmentalPolicy',
  'BioSecurityPolicy',
  'CookiePolicy',
];
const widgetText = (name: string) => `The ${name} block says hello`;

const escaped = (text: string) => text.replace(/&/g, '&amp;');
const metaContent = (html: string, attribute: string, key: string) =>
  html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`))?.[1];
const handoverOf = (html: string) => {
  const json = html.match(new RegExp(`<script type="application/json" id="${HANDOVER_ELEMENT_ID}">([\\s\\S]*?)</script>`))?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as { api: { queries: Record<string, { data?: unknown }> } });
};

let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  context = await createTestContext();
  const { db } = context.deps;
  for (const name of WIDGETS) await insertWidget(db, { name, html: `<h2>${name}</h2><p>${widgetText(name)}</p>` });
  for (const id of [1, 2, 3]) await insertGallery(db, { id, name: `Banner ${id}` });
  await insertCatalogueItems(db, [
    { genus: 'Acer', species: 'campestre', common_name: 'Field maple' },
    { genus: 'Acer', species: 'platanoides', common_name: 'Norway maple' },
    { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam' },
  ]);
  server = await startTestServer(context);
});

afterAll(async () => {
  await server?.close();
  await context?.close();
});

describe('server-rendered public pages', () => {
  it.each(PAGES)('$path answers 200 with its own head, heading and content in the HTML', async ({ path, title, h1, widget }) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const fullTitle = `${escaped(title)} | Hothfield Nurseries`;
    expect(html).toContain(`<title>${fullTitle}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaContent(html, 'name', 'description')?.length).toBeGreaterThan(40);
    expect(html).toContain(`<link rel="canonical" href="${context.deps.config.appUrl}${path}">`);
    expect(metaContent(html, 'property', 'og:title')).toBe(fullTitle);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${context.deps.config.appUrl}${path}`);
    expect(metaContent(html, 'property', 'og:description')).toBe(metaContent(html, 'name', 'description'));
    expect(metaContent(html, 'name', 'twitter:card')).toBeDefined();
    expect(html).toMatch(/<html lang="en-GB">/);
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as { '@type': string },
    );
    expect(jsonLd.map((d) => d['@type'])).toEqual(path === '/' ? ['GardenStore'] : ['GardenStore', 'BreadcrumbList']);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escaped(h1)}</h1>`));
    if (widget) expect(html).toContain(widgetText(widget));
    // The page needs no JavaScript to be read: the shell's noscript warning is gone.
    expect(html).not.toContain('Please enable JavaScript');
    expect(handoverOf(html)?.api.queries).toBeDefined();
  });

  it('gives every page a share image while the home banner has no slide ready: the business picture', async () => {
    // The banner galleries here have no pictures, as on a fresh start before their renditions exist.
    for (const { path } of PAGES) {
      const html = await (await fetch(`${server.baseUrl}${path}`)).text();
      expect(metaContent(html, 'property', 'og:image'), path).toBe(context.deps.config.business.image);
      expect(metaContent(html, 'name', 'twitter:image'), path).toBe(context.deps.config.business.image);
    }
  });

  it('shows a new banner slide as the share image on the next page rendered', async () => {
    // The first page renders at this revision (the share image then comes from memory); the slide
    // bumps the content revision, so the next render reads the gallery again.
    expect(metaContent(await (await fetch(`${server.baseUrl}/find?before-slide`)).text(), 'property', 'og:image')).toBe(
      context.deps.config.business.image,
    );
    const jpeg = 'banner/slide-960.jpg';
    const renditions = { thumb: 'banner/t.jpg', widths: [{ width: 960, height: 720, avif: 'banner/s.avif', webp: 'banner/s.webp', jpeg }] };
    await insertGalleryImage(context.deps.db, { gallery_id: 3, status: 'ready', order: 0, renditions });
    try {
      const html = await (await fetch(`${server.baseUrl}/find?after-slide`)).text();
      expect(metaContent(html, 'property', 'og:image')).toBe(new URL(context.deps.storage.url(jpeg), context.deps.config.appUrl).href);
    } finally {
      await context.deps.db('gallery_images').where({ gallery_id: 3 }).delete();
    }
  });

  it('sends a shared page gzipped once for everyone: the render and the hits after it get the same bytes', async () => {
    const raw = () =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        get(`${server.baseUrl}/about?gzip-check`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const rendered = await raw();
    const hit = await raw();
    expect(rendered.encoding).toBe('gzip');
    expect(hit.body.equals(rendered.body)).toBe(true);
    expect(gunzipSync(rendered.body).toString()).toContain(widgetText('AboutText'));
  });

  it('renders the catalogue search from the query string, with the matching lines only', async () => {
    const html = await (await fetch(`${server.baseUrl}/catalogue?q=acer`)).text();
    expect(html).toContain('campestre');
    expect(html).toContain('platanoides');
    expect(html).not.toContain('betulus');
  });

  it('renders a genus page with its lines, and 404 for a genus the catalogue does not have', async () => {
    const response = await fetch(`${server.baseUrl}/catalogue/genus/acer`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>Acer — wholesale [^<]*\| Hothfield Nurseries<\/title>/);
    expect(html).toMatch(/<h1[^>]*>Acer<\/h1>/);
    expect(html).toContain('campestre');
    expect(html).not.toContain('betulus');
    expect(html).toContain(`<link rel="canonical" href="${context.deps.config.appUrl}/catalogue/genus/acer">`);
    const missing = await fetch(`${server.baseUrl}/catalogue/genus/quercus`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex">');
  });

  it('links every genus from the catalogue page', async () => {
    const html = await (await fetch(`${server.baseUrl}/catalogue`)).text();
    expect(html).toContain('href="/catalogue/genus/acer"');
    expect(html).toContain('href="/catalogue/genus/carpinus"');
  });

  it('forgives a typo and finds a genus by its common name', async () => {
    const typo = await (await fetch(`${server.baseUrl}/catalogue?q=acre`)).text();
    expect(typo).toContain('campestre');
    expect(typo).toMatch(/Acer/);
    const common = await (await fetch(`${server.baseUrl}/catalogue?q=hornbeam`)).text();
    expect(common).toContain('betulus');
  });

  it('answers an unknown path 404 with the not-found page, kept out of the index', async () => {
    const response = await fetch(`${server.baseUrl}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page Not Found | Hothfield Nurseries');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
  });

  it('inlines the app’s own stylesheets and has one small script, which starts the app after the first paint', async () => {
    const manifest = JSON.parse(readFileSync(path.join(context.deps.config.webDist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; css?: string[] }
    >;
    const html = await (await fetch(`${server.baseUrl}/about`)).text();
    // The global and layout styles belong to the app module, which index.html no longer links.
    const appStyles = manifest['src/app/main.tsx']?.css ?? [];
    expect(appStyles.length).toBeGreaterThan(0);
    for (const file of appStyles) expect(html).toContain(`<link rel="stylesheet" crossorigin href="/${file}" media="print">`);
    expect(html.match(/<script type="module"[^>]*>/g)).toEqual([
      `<script type="module" fetchpriority="low" crossorigin src="/${manifest['index.html']!.file}">`,
    ]);
  });

  it('keeps the account, two-factor, reset and admin screens client-rendered', async () => {
    for (const path of ['/two-factor-challenge', '/reset-password/abc', '/account', '/admin']) {
      const html = await (await fetch(`${server.baseUrl}${path}`)).text();
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('renders stored text that tries to close the handover element inert, with no inline script allowed', async () => {
    // Straight into the table: the sanitiser would have removed the tags, and this is about the render.
    const hostile = '</script><script>alert(1)</script><!-- <script>';
    await context.deps
      .db('widgets')
      .where({ name: 'HomeText2' })
      .update({ html: `<p>${hostile}</p>` });
    // And as text an admin typed, which the editor stores escaped but the handover carries raw.
    await context.deps
      .db('widgets')
      .where({ name: 'HomeText' })
      .update({ html: '<p>&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;</p>' });
    const response = await fetch(`${server.baseUrl}/`);
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<script>alert(2)');
    expect(html).toContain('&lt;script&gt;alert(2)');
    expect(html.match(/<script\b/g)?.length).toBe(
      html.match(/<script (type="module"|type="application\/json"|type="application\/ld\+json")/g)?.length,
    );
    const stored = Object.values(handoverOf(html)!.api.queries)
      .map((q) => JSON.stringify(q.data ?? ''))
      .join('');
    // The text is the widget's (sanitised on the way out too: the script element is gone).
    expect(stored).not.toContain('<script>');
    const scriptSrc = response.headers.get('content-security-policy')?.match(/script-src ([^;]*)/)?.[1];
    expect(scriptSrc).toBe("'self'");
  });

  it('hands plain stored text over raw yet unable to close its element', async () => {
    // A catalogue line is plain text: React escapes it in the page, the handover carries it as is.
    await insertCatalogueItems(context.deps.db, [
      { genus: 'Zelkova', species: '</script><script>alert(3)</script>', common_name: '<!-- x' },
    ]);
    const html = await (await fetch(`${server.baseUrl}/catalogue?q=zelkova`)).text();
    expect(html).not.toContain('<script>alert(3)');
    expect(html).not.toContain('<!-- x');
    const lines = JSON.stringify(Object.values(handoverOf(html)!.api.queries).map((q) => q.data));
    expect(lines).toContain('</script><script>alert(3)</script>');
  });
});

describe('the rendered-page cache', () => {
  it('serves a new render once content changes, and the same bytes while it does not', async () => {
    const first = await (await fetch(`${server.baseUrl}/about`)).text();
    const again = await (await fetch(`${server.baseUrl}/about`)).text();
    expect(again).toBe(first);
    await context.deps.db('widgets').where({ name: 'AboutText' }).update({ html: '<p>Freshly edited about text</p>' });
    const after = await (await fetch(`${server.baseUrl}/about`)).text();
    expect(after).toContain('Freshly edited about text');
  });

  it('shows an edit made through one web process on the next request to another', async () => {
    // A second process: its own connections, caches and page cache, on the same PostgreSQL and Redis.
    const otherDeps = createDeps(context.deps.config);
    const other = createApp(otherDeps, createServices(otherDeps));
    const listening: Server = await new Promise((resolve) => {
      const s = other.listen(0, '127.0.0.1', () => resolve(s));
    });
    const otherUrl = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    try {
      // Both processes have the page cached (and the widget in their service caches).
      for (const url of [server.baseUrl, otherUrl]) expect(await (await fetch(`${url}/shows`)).text()).toContain(widgetText('ShowsText'));
      const admin = await signedIn(server, context.deps, { role: 'admin' });
      const widget = await context.deps.db('widgets').where({ name: 'ShowsText' }).first('id');
      const saved = await sendForm(admin, 'POST', `/api/widgets/${widget.id}`, {
        name: 'ShowsText',
        type: 'TEXT',
        html: '<p>Meet us at the autumn show</p>',
      });
      expect(saved.status).toBe(200);
      const next = await new TestClient(otherUrl).get('/shows');
      expect(next.body).toContain('Meet us at the autumn show');
    } finally {
      await new Promise((resolve) => listening.close(resolve));
      await otherDeps.close();
    }
  });
});

describe('the contact form without JavaScript', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const tokenOf = (html: string) => html.match(/name="_token" value="([^"]*)"/)?.[1];
  const post = (client: TestClient, body: string) =>
    client.request('POST', '/contact', { body, csrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('takes a posted form with the page token, stores the enquiry and answers 303 to the sent page', async () => {
    const client = server.client();
    client.ip = '10.9.0.1';
    const token = tokenOf((await client.get('/contact')).body as string);
    expect(token).toBe(decodeURIComponent(client.cookies.get('XSRF-TOKEN')!));
    const response = await post(
      client,
      form({
        _token: token!,
        name: 'Sam Plant',
        telephone: '01233 000000',
        email: 'sam@example.com',
        message: 'Fifty field maples, please.',
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact/sent');
    expect(await context.deps.db('contact_messages').where({ email: 'sam@example.com' }).first()).toBeDefined();
    const sent = await client.get('/contact/sent');
    expect(sent.status).toBe(200);
  });

  it('refuses a post without the token (419) and stores nothing', async () => {
    const client = server.client();
    client.ip = '10.9.0.2';
    await client.get('/contact');
    const response = await post(
      client,
      form({ name: 'No Token', telephone: '01233 000000', email: 'notoken@example.com', message: 'Hello' }),
    );
    expect(response.status).toBe(419);
    expect(await context.deps.db('contact_messages').where({ email: 'notoken@example.com' }).first()).toBeUndefined();
  });

  it('answers invalid input 422 with the page showing what was typed and what is wrong', async () => {
    const client = server.client();
    client.ip = '10.9.0.3';
    const token = tokenOf((await client.get('/contact')).body as string);
    const response = await post(client, form({ _token: token!, name: 'Half Done <b>', telephone: '', email: 'not-an-email', message: '' }));
    expect(response.status).toBe(422);
    const html = response.body as string;
    expect(html).toContain('value="Half Done &lt;b&gt;"');
    expect(html).toContain('The email field must be a valid email address.');
    expect(html).toContain('<title>Contact | Hothfield Nurseries</title>');
  });
});
