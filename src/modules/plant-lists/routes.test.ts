import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, signedIn } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { insertTradeApplication, type TradeStatus } from '../../../test/trade.ts';
import { MAX_LINES } from './schema.ts';

/** The signed-in buyer's plant list through HTTP, against a real database. */
let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let ids: number[];

const buyer = async () => signedIn(server, context.deps, { role: 'user' });
const storedLines = async (userId: number) =>
  Number((await context.deps.db('plant_list_lines').where({ user_id: userId }).count({ n: '*' }).first())!.n);

beforeAll(async () => {
  context = await createTestContext();
  server = await startTestServer(context);
  ids = await insertCatalogueItems(context.deps.db, MAX_LINES + 10);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

describe('the plant list', () => {
  it('adds, adds again to the quantity, edits, removes and clears lines', async () => {
    const client = await buyer();
    const added = await client.post('/api/plant-list/lines', { catalogue_item_id: ids[0], quantity: 50 });
    expect(added.status).toBe(201);
    const item = await context.deps.db('catalogue_items').where({ id: ids[0] }).first();
    expect(added.body).toMatchObject({
      catalogue_item_id: ids[0],
      quantity: 50,
      snapshot: { genus: item.genus, species: item.species, common_name: item.common_name, form: item.form, height: item.height },
      current: { id: ids[0], genus: item.genus },
      changed: false,
    });
    const again = await client.post('/api/plant-list/lines', { catalogue_item_id: ids[0], quantity: 25 });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: added.body.id, quantity: 75 });
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[1], quantity: 3 });

    const list = await client.get('/api/plant-list');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.lines.map((l: { catalogue_item_id: number; quantity: number }) => [l.catalogue_item_id, l.quantity])).toEqual([
      [ids[0], 75],
      [ids[1], 3],
    ]);

    const edited = await client.patch(`/api/plant-list/lines/${added.body.id}`, { quantity: 10 });
    expect(edited.status).toBe(200);
    expect(edited.body.quantity).toBe(10);
    expect((await client.delete(`/api/plant-list/lines/${added.body.id}`)).status).toBe(204);
    expect((await client.get('/api/plant-list')).body.count).toBe(1);
    expect((await client.delete('/api/plant-list')).status).toBe(204);
    expect((await client.get('/api/plant-list')).body).toEqual({ lines: [], count: 0 });
  });

  it('shows a line whose catalogue row changed or was removed as such, never dropping it', async () => {
    const client = await buyer();
    const [changing, removing] = await insertCatalogueItems(context.deps.db, 2);
    await client.post('/api/plant-list/lines', { catalogue_item_id: changing, quantity: 1 });
    await client.post('/api/plant-list/lines', { catalogue_item_id: removing, quantity: 2 });
    await context.deps.db('catalogue_items').where({ id: changing }).update({ height: '999-1000' });
    await context.deps.db('catalogue_items').where({ id: removing }).delete();

    const { body } = await client.get('/api/plant-list');
    expect(body.count).toBe(2);
    const [changed, removed] = body.lines;
    expect(changed).toMatchObject({ catalogue_item_id: changing, changed: true, current: { height: '999-1000' } });
    expect(changed.snapshot.height).not.toBe('999-1000');
    expect(removed).toMatchObject({ catalogue_item_id: null, current: null, changed: true, quantity: 2 });
    expect(removed.snapshot.genus).toBeTruthy();
  });

  it('merges a guest list on sign-in, summing quantities', async () => {
    const client = await buyer();
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[2], quantity: 5 });
    const merged = await client.post('/api/plant-list/merge', {
      lines: [
        { catalogue_item_id: ids[2], quantity: 10 },
        { catalogue_item_id: ids[3], quantity: 1 },
        { catalogue_item_id: ids[3], quantity: 2 },
      ],
    });
    expect(merged.status).toBe(200);
    expect(merged.body.count).toBe(2);
    expect(merged.body.lines.map((l: { quantity: number }) => l.quantity)).toEqual([15, 3]);
  });

  it.each([
    [0, 'The quantity field must be at least 1.'],
    [-1, 'The quantity field must be at least 1.'],
    [1e9, 'The quantity field must not be greater than 100000.'],
    ['ten', 'The quantity field must be a whole number.'],
    [1.5, 'The quantity field must be a whole number.'],
  ])('refuses quantity %s with a 422 field error', async (quantity, message) => {
    const client = await buyer();
    const add = await client.post('/api/plant-list/lines', { catalogue_item_id: ids[0], quantity });
    expect(add.status).toBe(422);
    expect(add.body.errors).toEqual({ quantity: [message] });
    const merge = await client.post('/api/plant-list/merge', { lines: [{ catalogue_item_id: ids[0], quantity }] });
    expect(merge.status).toBe(422);
    expect(merge.body.errors).toEqual({ 'lines.0.quantity': [message] });
    expect(await storedLines(client.userId)).toBe(0);
  });

  it('refuses an unknown catalogue id with a 422 and changes nothing', async () => {
    const client = await buyer();
    const add = await client.post('/api/plant-list/lines', { catalogue_item_id: 999_999, quantity: 1 });
    expect(add.status).toBe(422);
    expect(add.body.errors).toEqual({ catalogue_item_id: ['The selected catalogue item is invalid.'] });
    const merge = await client.post('/api/plant-list/merge', {
      lines: [
        { catalogue_item_id: ids[0], quantity: 1 },
        { catalogue_item_id: 999_999, quantity: 1 },
      ],
    });
    expect(merge.status).toBe(422);
    expect(merge.body.errors).toEqual({ 'lines.1.catalogue_item_id': ['The selected catalogue item is invalid.'] });
    expect(await storedLines(client.userId)).toBe(0);
  });

  it(`keeps a list to ${MAX_LINES} lines: a merge or an add beyond is a 422 on lines, nothing changed`, async () => {
    const client = await buyer();
    const tooMany = await client.post('/api/plant-list/merge', {
      lines: ids.slice(0, MAX_LINES + 1).map((id) => ({ catalogue_item_id: id, quantity: 1 })),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ lines: [`A plant list may hold at most ${MAX_LINES} lines.`] });

    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[MAX_LINES + 2], quantity: 1 });
    const full = await client.post('/api/plant-list/merge', {
      lines: ids.slice(0, MAX_LINES).map((id) => ({ catalogue_item_id: id, quantity: 1 })),
    });
    expect(full.status).toBe(422);
    expect(full.body.errors).toEqual({ lines: [`A plant list may hold at most ${MAX_LINES} lines.`] });
    expect(await storedLines(client.userId)).toBe(1);

    const filled = await client.post('/api/plant-list/merge', {
      lines: ids.slice(0, MAX_LINES - 1).map((id) => ({ catalogue_item_id: id, quantity: 1 })),
    });
    expect(filled.status).toBe(200);
    expect(filled.body.count).toBe(MAX_LINES);
    const beyond = await client.post('/api/plant-list/lines', { catalogue_item_id: ids[MAX_LINES + 5], quantity: 1 });
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors).toEqual({ lines: [`A plant list may hold at most ${MAX_LINES} lines.`] });
    // Adding to a line already there is no new line.
    expect((await client.post('/api/plant-list/lines', { catalogue_item_id: ids[MAX_LINES + 2], quantity: 1 })).status).toBe(201);
    expect(await storedLines(client.userId)).toBe(MAX_LINES);
  });

  it('refuses a list of 10,000 lines with a clear message and changes nothing', async () => {
    const client = await buyer();
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[0], quantity: 7 });
    const lines = Array.from({ length: 10_000 }, (_, i) => ({ catalogue_item_id: ids[i % ids.length], quantity: 1 }));
    const response = await client.post('/api/plant-list/merge', { lines });
    // Past the JSON body limit before any line is read: a 413 that says so.
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'The request body is too large.' });
    expect((await client.get('/api/plant-list')).body.lines.map((l: { quantity: number }) => l.quantity)).toEqual([7]);
  });

  it("answers 404 for another buyer's line and leaves it alone", async () => {
    const owner = await buyer();
    const other = await buyer();
    const line = (await owner.post('/api/plant-list/lines', { catalogue_item_id: ids[4], quantity: 9 })).body;
    expect((await other.patch(`/api/plant-list/lines/${line.id}`, { quantity: 1 })).status).toBe(404);
    expect((await other.delete(`/api/plant-list/lines/${line.id}`)).status).toBe(404);
    expect((await other.get('/api/plant-list')).body.count).toBe(0);
    expect((await owner.get('/api/plant-list')).body.lines[0]).toMatchObject({ id: line.id, quantity: 9 });
  });

  describe('prices on the list', () => {
    const priced = {
      price_pence: 250,
      price_breaks: JSON.stringify([{ min_quantity: 100, price_pence: 199 }]),
      stock_status: 'in_stock',
      stock_quantity: 5000,
    };
    const pricedItem = async () => {
      const [id] = await insertCatalogueItems(context.deps.db, 1);
      await context.deps.db('catalogue_items').where({ id }).update(priced);
      return id!;
    };
    /** Every answer of the plant-list API that carries lines, for one buyer and one priced catalogue line. */
    const answers = async (client: TestClient, itemId: number) => {
      const added = (await client.post('/api/plant-list/lines', { catalogue_item_id: itemId, quantity: 120 })).body;
      const edited = (await client.patch(`/api/plant-list/lines/${added.id}`, { quantity: 150 })).body;
      const merged = (await client.post('/api/plant-list/merge', { lines: [{ catalogue_item_id: itemId, quantity: 1 }] })).body.lines[0];
      const listed = (await client.get('/api/plant-list')).body.lines[0];
      return [added, edited, merged, listed];
    };

    it("gives an approved trade buyer each line's price, breaks and availability", async () => {
      const item = await pricedItem();
      const client = await buyer();
      await insertTradeApplication(context.deps.db, client.userId, 'approved');
      for (const line of await answers(client, item)) {
        expect(line.current.trade).toEqual({
          price_pence: 250,
          price_breaks: [{ min_quantity: 100, price_pence: 199 }],
          stock_status: 'in_stock',
          stock_quantity: 5000,
          ready_from: null,
        });
      }
    });

    it.each<[string, TradeStatus | null]>([
      ['a buyer without a trade account', null],
      ['a pending applicant', 'pending'],
      ['a rejected applicant', 'rejected'],
    ])('sends %s no trade field on any line', async (_who, status) => {
      const item = await pricedItem();
      const client = await buyer();
      if (status) await insertTradeApplication(context.deps.db, client.userId, status);
      for (const line of await answers(client, item)) {
        expect(line.current).toMatchObject({ id: item });
        expect(line.current).not.toHaveProperty('trade');
        expect(line).not.toHaveProperty('trade');
        expect(JSON.stringify(line)).not.toMatch(/price_|stock_|ready_from/);
      }
    });
  });

  it('answers guests 401 on every route', async () => {
    const client: TestClient = await guest(server);
    const calls = [
      client.get('/api/plant-list'),
      client.post('/api/plant-list/lines', { catalogue_item_id: ids[0], quantity: 1 }),
      client.patch('/api/plant-list/lines/1', { quantity: 1 }),
      client.delete('/api/plant-list/lines/1'),
      client.delete('/api/plant-list'),
      client.post('/api/plant-list/merge', { lines: [] }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });
});
