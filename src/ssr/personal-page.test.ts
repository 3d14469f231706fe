import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_LIST_COOKIE } from '../../shared/guest-plant-list.ts';
import { HANDOVER_ELEMENT_ID } from '../../shared/server-render.ts';
import { insertCatalogueItems } from '../../seeds/factories.ts';
import { signedIn } from '../../test/admin.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import { PUBLIC_VIEWER } from '../viewer.ts';

/**
 * /plant-list rendered for the visitor who asks (src/ssr/personal-resolver.ts): their own lines in
 * the page itself — not only in the no-JavaScript <noscript> view — and the queries the browser's
 * first render reads handed over, so it hydrates without a spinner or a second read. Needs the web
 * build (the server render).
 */
let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let ids: number[];

beforeAll(async () => {
  context = await createTestContext();
  ids = await insertCatalogueItems(context.deps.db, [
    { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam' },
    { genus: 'Acer', species: 'campestre', common_name: 'Field maple' },
    { genus: 'Fagus', species: 'sylvatica', common_name: 'Beech' },
  ]);
  server = await startTestServer(context);
});

afterAll(async () => {
  await server?.close();
  await context?.close();
});

type Queries = Record<string, { status?: string; data?: unknown; error?: { status?: number } }>;

/** The page's HTML in two parts: the app's markup (outside <noscript>) and the handed-over queries. */
async function plantListPage(client: ReturnType<typeof server.client>) {
  const response = await client.get('/plant-list', { accept: 'text/html' });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  const html = response.body as string;
  const root = html.match(/<div id="root">([\s\S]*)<\/div><script type="application\/json"/)?.[1] ?? '';
  // React separates adjacent text with empty comments ("Carpinus<!-- --> <!-- -->betulus").
  const app = root.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').replaceAll('<!-- -->', '');
  const json = html.match(new RegExp(`<script type="application/json" id="${HANDOVER_ELEMENT_ID}">([\\s\\S]*?)</script>`))?.[1];
  const queries = (JSON.parse(json ?? '{}') as { api?: { queries?: Queries } }).api?.queries ?? {};
  return { app, queries };
}

/** Each line's catalogue id and quantity, in order, from a handed-over list. */
const linesOf = (query: Queries[string] | undefined) =>
  (query?.data as { lines: { catalogue_item_id: number; quantity: number }[] } | undefined)?.lines.map((line) => [
    line.catalogue_item_id,
    line.quantity,
  ]);

describe('/plant-list rendered on the server', () => {
  it('draws a guest’s lines from the cookie their browser mirrored, and hands them over', async () => {
    const [hornbeam, maple] = ids as [number, number, number];
    const client = server.client();
    // A line the catalogue has never had and a part that is not a line are left out.
    client.cookies.set(GUEST_LIST_COOKIE, `${maple}-40_${hornbeam}-7_999999-3_junk`);
    const { app, queries } = await plantListPage(client);

    expect(app).toContain('2 lines.');
    expect(app.indexOf('Acer campestre')).toBeGreaterThan(-1);
    expect(app.indexOf('Acer campestre')).toBeLessThan(app.indexOf('Carpinus betulus'));
    expect(app).toMatch(/<input[^>]*value="40"/);
    expect(app).toMatch(/<input[^>]*value="7"/);
    expect(app).not.toContain('Loading your plant list');
    expect(linesOf(queries['getPlantList(false)'])).toEqual([
      [maple, 40],
      [hornbeam, 7],
    ]);
    // How the catalogue has them now, so the page does not read each genus again.
    expect(Object.keys(queries).filter((key) => key.startsWith('getCurrentLines('))).toHaveLength(1);
    // The account's list (the no-JavaScript view's) is a guest's 401.
    expect(queries['getPlantList(true)']?.error?.status).toBe(401);
  });

  it('draws an empty guest list as the empty list, not a spinner', async () => {
    const { app, queries } = await plantListPage(server.client());
    expect(app).toContain('Your plant list is empty.');
    expect(app).not.toContain('Loading your plant list');
    expect(queries['getPlantList(false)']?.data).toEqual({ lines: [], count: 0 });
  });

  it('draws a signed-in buyer’s named list with its switcher, and ignores a guest mirror left in the browser', async () => {
    const [hornbeam, maple, beech] = ids as [number, number, number];
    const buyer = await signedIn(server, context.deps, { role: 'user' });
    await context.services.plantLists.create(
      buyer.userId,
      { name: 'Riverside school', lines: [{ catalogue_item_id: beech, quantity: 120 }] },
      PUBLIC_VIEWER,
    );
    await context.services.plantLists.create(
      buyer.userId,
      {
        name: 'Orchard car park',
        lines: [
          { catalogue_item_id: hornbeam, quantity: 250 },
          { catalogue_item_id: maple, quantity: 15 },
        ],
      },
      PUBLIC_VIEWER,
    );
    buyer.cookies.set(GUEST_LIST_COOKIE, `${beech}-1`);
    const { app, queries } = await plantListPage(buyer);

    expect(app).toContain('2 lines.');
    expect(app).toContain('Carpinus betulus');
    expect(app).toContain('Acer campestre');
    expect(app).not.toContain('Fagus sylvatica');
    expect(app).toMatch(/<input[^>]*value="250"/);
    expect(app).toContain('Orchard car park');
    expect(app).not.toContain('Loading your plant list');
    expect(linesOf(queries['getPlantList(true)'])).toEqual([
      [hornbeam, 250],
      [maple, 15],
    ]);
    const lists = queries['getPlantLists(undefined)']?.data as { lists: { name: string }[] } | undefined;
    expect(lists?.lists.map((list) => list.name).sort()).toEqual(['Orchard car park', 'Riverside school']);
    expect(queries['getPlantList(false)']).toBeUndefined();
  });
});
