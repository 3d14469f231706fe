import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, logIn } from '../../test/auth.ts';
import { appRoutes, fillRoute } from '../../test/fuzz/routes.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import type { TestClient } from '../../test/http-client.ts';
import { insertTradeApplication } from '../../test/trade.ts';
import { insertCatalogueItems } from '../../seeds/factories.ts';
import {
  ACCOUNT_PATH,
  ACCOUNT_SCREEN_PATHS,
  AUTH_SCREEN_PATHS,
  PAGE_PATHS,
  PLANT_LIST_PATH,
  PLANT_LIST_QUOTE_PATH,
  PLANT_LIST_SCHEDULE_PATH,
} from '../../shared/app-routes.ts';
import { createApp } from '../app.ts';
import { renderCatalogue } from '../modules/catalogue/render-job.ts';

/**
 * Prices and accounts must never be kept by a cache between the buyer and the site (issue 18,
 * item 9). Every GET the app registers and every page of the app is asked for as an approved trade
 * buyer: each answer says `Vary: Cookie` and `private` or `no-store`, unless it is declared
 * `public` — and then a guest gets the very same body, so the claim is true.
 */
let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let buyer: TestClient;
let guest: TestClient;
let segments: Record<string, string>;

beforeAll(async () => {
  context = await createTestContext();
  server = await startTestServer(context);
  const db = context.deps.db;
  const [line] = await insertCatalogueItems(db, [{ genus: 'Crataegus', species: 'monogyna' }]);
  await db('catalogue_items').where({ id: line }).update({ price_pence: 123 });
  await renderCatalogue(context.deps);
  const { user, email, password } = await insertUser(context.deps);
  const application = await insertTradeApplication(db, user.id, 'approved');
  const quote = await context.services.quotes.request(
    {
      lines: [{ catalogue_item_id: line!, quantity: 2 }],
      delivery_postcode: 'TN26 1AR',
      notes: '',
      company: '',
      name: 'Alex',
      email,
      telephone: '01233 000000',
    },
    user.id,
    '10.0.0.1',
  );
  buyer = server.client();
  await logIn(buyer, email, password);
  guest = await server.client().csrf();
  // Real rows for the parameters, so routes answer what they answer a buyer, not only 404s.
  segments = {
    id: String(quote.id),
    slug: 'crataegus',
    idOrName: String(line),
    token: 'x',
    path: 'x',
    key: 'x',
    application: String(application),
  };
}, 120_000);
afterAll(async () => {
  await server?.close();
  await context?.close();
});

const header = (response: { headers: Headers }, name: string) => response.headers.get(name) ?? '';

/** What is wrong with one answer's caching headers, or undefined. */
async function problemWith(url: string): Promise<string | undefined> {
  const response = await buyer.get(url);
  const cacheControl = header(response, 'cache-control');
  if (/(^|,)\s*public\b/i.test(cacheControl)) {
    const asGuest = await guest.get(url);
    return asGuest.raw.equals(response.raw) ? undefined : `${url}: public (${cacheControl}), but a guest gets another body`;
  }
  const varies = header(response, 'vary')
    .split(',')
    .some((v) => v.trim().toLowerCase() === 'cookie');
  const kept = !/\b(private|no-store)\b/i.test(cacheControl);
  if (!varies || kept) return `${url} (${response.status}): Cache-Control "${cacheControl}", Vary "${header(response, 'vary')}"`;
  return undefined;
}

describe('caching headers for an approved trade buyer', () => {
  it('the catalogue and the genus API carry the trade price, and say private/no-store with Vary: Cookie', async () => {
    const list = await buyer.get('/api/catalogue');
    expect(list.body.results[0].trade).toBeDefined();
    expect(header(list, 'cache-control')).toMatch(/private|no-store/);
    expect(header(list, 'vary')).toMatch(/\bCookie\b/i);
    const genus = await buyer.get('/api/catalogue/genera/crataegus');
    expect(genus.status).toBe(200);
    expect(header(genus, 'cache-control')).toMatch(/private|no-store/);
    expect(header(genus, 'vary')).toMatch(/\bCookie\b/i);
  });

  it('every GET route the app registers: session-dependent answers say so, public ones are the same for a guest', async () => {
    const routes = appRoutes(createApp(context.deps, context.services)).filter((r) => r.method === 'GET');
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const route of routes) {
      // Logging out or a price-list render would change state; GETs change nothing, so all are asked.
      const problem = await problemWith(fillRoute(route.path, segments));
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });

  it('every page and screen of the app, and files it serves, do too', async () => {
    const fill = (pattern: string) => `/${pattern.replace(':slug', 'crataegus').replace(':token', 'x').replace(':id', segments.id!)}`;
    const pages = [
      ...Object.values(PAGE_PATHS),
      ...Object.values(AUTH_SCREEN_PATHS),
      ACCOUNT_PATH,
      ...Object.values(ACCOUNT_SCREEN_PATHS).map((screen) => `${ACCOUNT_PATH}/${screen}`),
      PLANT_LIST_PATH,
      PLANT_LIST_QUOTE_PATH,
      PLANT_LIST_SCHEDULE_PATH,
      'admin',
      'no-such-page',
    ].map(fill);
    const files = ['/favicon.svg', '/robots.txt', '/sitemap.xml', '/downloads/catalogue.pdf', '/downloads/catalogue.xlsx'];
    const problems: string[] = [];
    for (const url of [...pages, ...files]) {
      const problem = await problemWith(url);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });
});
