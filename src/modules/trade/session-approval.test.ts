import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, logIn, sessionId } from '../../../test/auth.ts';
import { insertCatalogueItems } from '../../../test/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { insertTradeApplication } from '../../../test/trade.ts';
import { findUserById, userFromJson } from '../users/service.ts';

/**
 * A signed-in request's session read brings its user and their trade approval along (app.ts's
 * session joins): what issue 10's budget rests on. These pin the one query, and that nothing is
 * cached past it: a decision or a role change counts from the very next request.
 */
let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  context = await createTestContext({ redis: false });
  server = await startTestServer(context);
  const [id] = await insertCatalogueItems(context.deps.db, [{ genus: 'Acer' }]);
  await context.deps.db('catalogue_items').where({ id }).update({ price_pence: 250, stock_status: 'in_stock', stock_quantity: 500 });
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

async function buyer(remember = false): Promise<{ client: TestClient; userId: number }> {
  const { user, email, password } = await insertUser(context.deps);
  const client = server.client();
  await logIn(client, email, password, remember);
  return { client, userId: user.id };
}

const approve = (userId: number) => insertTradeApplication(context.deps.db, userId, 'approved');

/** The tables a request queried, in order (one entry per query). */
async function tablesQueried(call: () => Promise<unknown>): Promise<string[]> {
  const tables: string[] = [];
  const record = (query: { sql: string }) => tables.push(/\bfrom "(\w+)"/.exec(query.sql)?.[1] ?? query.sql.slice(0, 30));
  context.deps.db.on('query', record);
  try {
    await call();
  } finally {
    context.deps.db.off('query', record);
  }
  return tables;
}

const firstLine = async (client: TestClient) => ((await client.get('/api/catalogue')).body as { results: Record<string, unknown>[] }).results[0]!;

describe('the session read', () => {
  it('answers who the buyer is and whether they trade in one query: no separate user or trade lookup', async () => {
    const { client, userId } = await buyer();
    await approve(userId);
    let line: Record<string, unknown> | undefined;
    const tables = await tablesQueried(async () => (line = await firstLine(client)));
    expect(line).toHaveProperty('trade.price_pence', 250);
    expect(tables.filter((table) => table === 'sessions')).toHaveLength(1);
    expect(tables).not.toContain('users');
    expect(tables).not.toContain('trade_applications');
  });

  it("starts a signed-in buyer's catalogue search before its session read has answered", async () => {
    const { client, userId } = await buyer();
    await approve(userId);
    const events: string[] = [];
    const table = (query: { sql: string }) => /\bfrom "(\w+)"/.exec(query.sql)?.[1];
    const sent = (query: { sql: string }) => events.push(`sent ${table(query)}`);
    const answered = (_response: unknown, query: { sql: string }) => events.push(`answered ${table(query)}`);
    context.deps.db.on('query', sent).on('query-response', answered);
    try {
      expect(await firstLine(client)).toHaveProperty('trade.price_pence', 250);
    } finally {
      context.deps.db.off('query', sent).off('query-response', answered);
    }
    expect(events.indexOf('sent catalogue_items')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('sent catalogue_items')).toBeLessThan(events.indexOf('answered sessions'));
  });

  it('caches nothing: a rejection or a role change counts from the next request', async () => {
    const { client, userId } = await buyer();
    await approve(userId);
    expect(await firstLine(client)).toHaveProperty('trade');
    await context.deps.db('trade_applications').where({ user_id: userId }).update({ status: 'rejected' });
    expect(await firstLine(client)).not.toHaveProperty('trade');

    await context.deps.db('users').where({ id: userId }).update({ role: 'admin' });
    expect(await firstLine(client)).toHaveProperty('trade');
    expect((await client.get('/api/users')).status).toBe(200);
  });

  it('a buyer signed in again by the remember cookie, whose session row is gone, still sees their prices', async () => {
    const { client, userId } = await buyer(true);
    await approve(userId);
    await context.deps.db('sessions').where({ id: sessionId(client) }).delete();
    expect(await firstLine(client)).toHaveProperty('trade.price_pence', 250);
  });

  it('reads the same user as a plain query: timestamps as Dates, every column alike', async () => {
    const { userId } = await buyer();
    const plain = await findUserById(context.deps.db, userId);
    const { json } = (await context.deps.db.raw('select to_jsonb(u) as json from users u where id = ?', [userId])).rows[0];
    const joined = userFromJson(json);
    expect(joined.email_verified_at).toBeInstanceOf(Date);
    expect(joined.created_at).toBeInstanceOf(Date);
    expect({ ...joined, two_factor_last_step: null }).toEqual({ ...plain, two_factor_last_step: null });
  });
});
