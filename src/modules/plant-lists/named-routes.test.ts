import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NamedPlantList, PlantListSummaries } from '../../../shared/api/plant-lists.ts';
import { guest, signedIn } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import { MAX_LINES, MAX_LISTS } from './schema.ts';

/** A signed-in buyer's named lists through HTTP, against a real database (issue 19). */
let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let ids: number[];

const buyer = async () => signedIn(server, context.deps, { role: 'user' });
const quantities = (list: NamedPlantList) => list.lines.map((l) => [l.catalogue_item_id, l.quantity]);
const storedLists = async (userId: number) =>
  Number((await context.deps.db('plant_lists').where({ user_id: userId }).count({ n: '*' }).first())!.n);

beforeAll(async () => {
  context = await createTestContext({ redis: false });
  server = await startTestServer(context);
  ids = await insertCatalogueItems(context.deps.db, 210);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

describe('named plant lists', () => {
  it('creates a list from matched lines (summed per catalogue line), which becomes the default', async () => {
    const client = await buyer();
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[0], quantity: 1 });
    const created = await client.post('/api/plant-lists', {
      name: '  Riverside park  ',
      lines: [
        { catalogue_item_id: ids[1], quantity: 40 },
        { catalogue_item_id: ids[2], quantity: 3 },
        { catalogue_item_id: ids[1], quantity: 10 },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Riverside park', count: 2 });
    expect(quantities(created.body)).toEqual([
      [ids[1], 50],
      [ids[2], 3],
    ]);

    const { lists, default_id } = (await client.get('/api/plant-lists')).body as PlantListSummaries;
    expect(lists.map((l) => [l.name, l.line_count])).toEqual([
      ['My plant list', 1],
      ['Riverside park', 2],
    ]);
    expect(default_id).toBe(created.body.id);
    // The unnamed routes now act on the new list: the catalogue's "add" lands there.
    expect((await client.get('/api/plant-list')).body.count).toBe(2);
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[3], quantity: 2 });
    expect((await client.get(`/api/plant-lists/${created.body.id}`)).body.count).toBe(3);
  });

  it('adds, edits, removes and clears lines of a chosen list, leaving the others alone', async () => {
    const client = await buyer();
    const first = (await client.post('/api/plant-lists', { name: 'First' })).body as NamedPlantList;
    const second = (await client.post('/api/plant-lists', { name: 'Second', lines: [{ catalogue_item_id: ids[4], quantity: 9 }] }))
      .body as NamedPlantList;
    const added = await client.post(`/api/plant-lists/${first.id}/lines`, { catalogue_item_id: ids[4], quantity: 5 });
    expect(added.status).toBe(201);
    const again = await client.post(`/api/plant-lists/${first.id}/lines`, { catalogue_item_id: ids[4], quantity: 5 });
    expect(again.body).toMatchObject({ id: added.body.id, quantity: 10 });
    // Adding to a list makes it the default.
    expect(((await client.get('/api/plant-lists')).body as PlantListSummaries).default_id).toBe(first.id);
    // Choosing a list on the page makes it the default too.
    expect((await client.post(`/api/plant-lists/${second.id}/use`)).status).toBe(204);
    expect(((await client.get('/api/plant-lists')).body as PlantListSummaries).default_id).toBe(second.id);
    expect((await client.get('/api/plant-list')).body.lines.map((l: { quantity: number }) => l.quantity)).toEqual([9]);

    expect((await client.patch(`/api/plant-lists/${first.id}/lines/${added.body.id}`, { quantity: 12 })).body.quantity).toBe(12);
    // A line named under a list it is not on is not found.
    const secondLine = second.lines[0]!.id;
    expect((await client.patch(`/api/plant-lists/${first.id}/lines/${secondLine}`, { quantity: 1 })).status).toBe(404);
    expect((await client.delete(`/api/plant-lists/${first.id}/lines/${secondLine}`)).status).toBe(404);

    expect((await client.delete(`/api/plant-lists/${first.id}/lines/${added.body.id}`)).status).toBe(204);
    expect((await client.get(`/api/plant-lists/${first.id}`)).body.count).toBe(0);
    expect((await client.delete(`/api/plant-lists/${second.id}/lines`)).status).toBe(204);
    expect((await client.get(`/api/plant-lists/${second.id}`)).body).toMatchObject({ name: 'Second', count: 0, lines: [] });
  });

  it('renames a list, refusing a name the buyer already uses in any capitals', async () => {
    const client = await buyer();
    const a = (await client.post('/api/plant-lists', { name: 'Hedge' })).body as NamedPlantList;
    await client.post('/api/plant-lists', { name: 'Orchard' });
    const renamed = await client.patch(`/api/plant-lists/${a.id}`, { name: 'Boundary hedge' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Boundary hedge');
    // Its own name in other capitals is fine.
    expect((await client.patch(`/api/plant-lists/${a.id}`, { name: 'BOUNDARY HEDGE' })).status).toBe(200);
    const taken = await client.patch(`/api/plant-lists/${a.id}`, { name: 'orchard' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ name: ['You already have a plant list with this name.'] });
    const twice = await client.post('/api/plant-lists', { name: 'ORCHARD ' });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ name: ['You already have a plant list with this name.'] });
    expect(await storedLists(client.userId)).toBe(2);
  });

  it('lets only one of several parallel requests take a name (the buyer lock)', async () => {
    const client = await buyer();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.post('/api/plant-lists', { name: i % 2 ? 'Depot' : 'DEPOT' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    expect(await storedLists(client.userId)).toBe(1);
  });

  it.each([
    [{}, { name: ['The name field is required.'] }],
    [{ name: '   ' }, { name: ['The name field is required.'] }],
    [{ name: 'x'.repeat(101) }, { name: ['The name field must not be greater than 100 characters.'] }],
    [{ name: 7 }, { name: ['The name field must be a string.'] }],
    [
      { name: 'Ok', lines: [{ catalogue_item_id: 999_999, quantity: 1 }] },
      { 'lines.0.catalogue_item_id': ['The selected catalogue item is invalid.'] },
    ],
    [{ name: 'Ok', lines: [{ catalogue_item_id: 1, quantity: 0 }] }, { 'lines.0.quantity': ['The quantity field must be at least 1.'] }],
  ])('refuses %j with a 422 and stores no list', async (body, errors) => {
    const client = await buyer();
    const response = await client.post('/api/plant-lists', body);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
    expect(await storedLists(client.userId)).toBe(0);
  });

  it(`refuses a list of more than ${MAX_LINES} lines and a ${MAX_LISTS + 1}th list`, async () => {
    const client = await buyer();
    const tooMany = await client.post('/api/plant-lists', {
      name: 'Big',
      lines: Array.from({ length: MAX_LINES + 1 }, (_, i) => ({ catalogue_item_id: ids[i % ids.length], quantity: 1 })),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ lines: [`A plant list may hold at most ${MAX_LINES} lines.`] });
    await context.deps.db('plant_lists').insert(Array.from({ length: MAX_LISTS }, (_, i) => ({ user_id: client.userId, name: `P${i}` })));
    const beyond = await client.post('/api/plant-lists', { name: 'One more' });
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors.name[0]).toMatch(/at most 50 plant lists/);
    expect(await storedLists(client.userId)).toBe(MAX_LISTS);
  });

  it('deletes a list with its lines; the next most recently used becomes the default', async () => {
    const client = await buyer();
    const keep = (await client.post('/api/plant-lists', { name: 'Keep', lines: [{ catalogue_item_id: ids[5], quantity: 1 }] })).body;
    const drop = (await client.post('/api/plant-lists', { name: 'Drop', lines: [{ catalogue_item_id: ids[6], quantity: 2 }] })).body;
    expect((await client.delete(`/api/plant-lists/${drop.id}`)).status).toBe(204);
    expect((await client.get(`/api/plant-lists/${drop.id}`)).status).toBe(404);
    expect(await context.deps.db('plant_list_lines').where({ plant_list_id: drop.id }).first()).toBeUndefined();
    expect((await client.get('/api/plant-lists')).body).toEqual({
      lists: [{ id: keep.id, name: 'Keep', line_count: 1, updated_at: expect.any(String) }],
      default_id: keep.id,
    });
    // With no list at all, the unnamed list reads empty and the next add makes "My plant list".
    await client.delete(`/api/plant-lists/${keep.id}`);
    expect((await client.get('/api/plant-list')).body).toEqual({ lines: [], count: 0 });
    expect((await client.get('/api/plant-lists')).body).toEqual({ lists: [], default_id: null });
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[7], quantity: 3 });
    expect((await client.get('/api/plant-lists')).body.lists.map((l: { name: string }) => l.name)).toEqual(['My plant list']);
  });

  it('sends a chosen list as a quote request, emptying that list only', async () => {
    const client = await buyer();
    const project = (await client.post('/api/plant-lists', { name: 'Project', lines: [{ catalogue_item_id: ids[8], quantity: 4 }] })).body;
    const other = (await client.post('/api/plant-lists', { name: 'Other', lines: [{ catalogue_item_id: ids[9], quantity: 6 }] })).body;
    const sent = await client.post('/api/quote-requests', { delivery_postcode: 'TN26 1AA', plant_list_id: project.id });
    expect(sent.status).toBe(201);
    const request = (await client.get(`/api/quote-requests/${sent.body.id}`)).body;
    expect(request.lines.map((l: { catalogue_item_id: number; quantity: number }) => [l.catalogue_item_id, l.quantity])).toEqual([
      [ids[8], 4],
    ]);
    expect((await client.get(`/api/plant-lists/${project.id}`)).body.count).toBe(0);
    expect((await client.get(`/api/plant-lists/${other.id}`)).body.count).toBe(1);
  });

  it("answers 404 for another buyer's list on every route and changes nothing", async () => {
    const owner = await buyer();
    const other = await buyer();
    const list = (await owner.post('/api/plant-lists', { name: 'Mine', lines: [{ catalogue_item_id: ids[10], quantity: 8 }] })).body;
    const line = list.lines[0].id;
    const calls = [
      other.get(`/api/plant-lists/${list.id}`),
      other.patch(`/api/plant-lists/${list.id}`, { name: 'Theirs' }),
      other.delete(`/api/plant-lists/${list.id}`),
      other.post(`/api/plant-lists/${list.id}/lines`, { catalogue_item_id: ids[11], quantity: 1 }),
      other.patch(`/api/plant-lists/${list.id}/lines/${line}`, { quantity: 1 }),
      other.delete(`/api/plant-lists/${list.id}/lines/${line}`),
      other.delete(`/api/plant-lists/${list.id}/lines`),
      other.post(`/api/plant-lists/${list.id}/use`),
      other.post('/api/quote-requests', { delivery_postcode: 'TN26 1AA', plant_list_id: list.id }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    expect((await owner.get(`/api/plant-lists/${list.id}`)).body).toMatchObject({ name: 'Mine', count: 1, lines: [{ quantity: 8 }] });
    expect((await other.get('/api/plant-lists')).body).toEqual({ lists: [], default_id: null });
  });

  it('answers guests 401 on every route', async () => {
    const client = await guest(server);
    const calls = [
      client.get('/api/plant-lists'),
      client.post('/api/plant-lists', { name: 'x' }),
      client.get('/api/plant-lists/1'),
      client.patch('/api/plant-lists/1', { name: 'x' }),
      client.delete('/api/plant-lists/1'),
      client.post('/api/plant-lists/1/lines', { catalogue_item_id: ids[0], quantity: 1 }),
      client.patch('/api/plant-lists/1/lines/1', { quantity: 1 }),
      client.delete('/api/plant-lists/1/lines/1'),
      client.delete('/api/plant-lists/1/lines'),
      client.post('/api/plant-lists/1/use'),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });
});
