import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';

/**
 * Embedded mode (PGlite) runs the named lists' migration too — its trigger is PL/pgSQL — and the
 * lists behave as on PostgreSQL: an old-style insert lands on "My plant list", a new list becomes
 * the default.
 */
describe('embedded mode (PGlite): named plant lists', () => {
  let context: TestContext;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    context = await createTestContext({ embedded: true, redis: false });
    server = await startTestServer(context);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await context?.close();
  });

  it('files a buyer-only insert under "My plant list", and a new list takes the next add', async () => {
    const [a, b] = await insertCatalogueItems(context.deps.db, 2);
    const client = await signedIn(server, context.deps, { role: 'user' });
    await context.deps.db('plant_list_lines').insert({ user_id: client.userId, catalogue_item_id: a, quantity: 3, snapshot: '{}' });
    const project = await client.post('/api/plant-lists', { name: 'Project' });
    expect(project.status).toBe(201);
    await client.post('/api/plant-list/lines', { catalogue_item_id: b, quantity: 4 });
    const { lists, default_id } = (await client.get('/api/plant-lists')).body;
    expect(lists.map((l: { name: string; line_count: number }) => [l.name, l.line_count])).toEqual([
      ['My plant list', 1],
      ['Project', 1],
    ]);
    expect(default_id).toBe(project.body.id);
  });
});
