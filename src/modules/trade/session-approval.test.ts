import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, logIn, sessionId } from '../../../test/auth.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { insertTradeApplication } from '../../../test/trade.ts';
import { findUserById, userFromJson } from '../users/service.ts';

/**
 * Who sees prices is decided once per request (src/http/viewer.ts), from the session read, which
 * brings the user along and answers the trade module's approval rule in the same query
 * (session-join.ts). These pin those queries, and that nothing is cached past the request: a
 * decision or a role change counts from the next one.
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

/**
 * The tables a request queried, in order (one entry per query): the session read counts as
 * `sessions`, although its select list holds the approval's subquery.
 */
async function tablesQueried(call: () => Promise<unknown>): Promise<string[]> {
  const tables: string[] = [];
  const table = (sql: string) => (/\bfrom "sessions"/.test(sql) ? 'sessions' : (/\bfrom "(\w+)"/.exec(sql)?.[1] ?? sql.slice(0, 30)));
  const record = (query: { sql: string }) => tables.push(table(query.sql));
  context.deps.db.on('query', record);
  try {
    await call();
  } finally {
    context.deps.db.off('query', record);
  }
  return tables;
}

const firstLine = async (client: TestClient) =>
  ((await client.get('/api/catalogue')).body as { results: Record<string, unknown>[] }).results[0]!;

describe('deciding who sees prices', () => {
  it("reads an approved buyer's session, user and trade approval in one query, and nothing more before the route", async () => {
    const { client, userId } = await buyer();
    await approve(userId);
    let line: Record<string, unknown> | undefined;
    const tables = await tablesQueried(async () => (line = await firstLine(client)));
    expect(line).toHaveProperty('trade.price_pence', 250);
    expect(tables.filter((table) => table === 'sessions')).toHaveLength(1);
    expect(tables).not.toContain('trade_applications');
    expect(tables).not.toContain('users');
  });

  it('asks nothing for a guest, and no query of its own for staff or an unverified buyer', async () => {
    const guestTables = await tablesQueried(() => firstLine(server.client()));
    expect(guestTables).not.toContain('sessions');
    expect(guestTables).not.toContain('trade_applications');

    const { client: staff, userId: staffId } = await buyer();
    await context.deps.db('users').where({ id: staffId }).update({ role: 'admin' });
    let line: Record<string, unknown> | undefined;
    expect(await tablesQueried(async () => (line = await firstLine(staff)))).not.toContain('trade_applications');
    expect(line).toHaveProperty('trade.price_pence', 250);

    const { client: unverified, userId: unverifiedId } = await buyer();
    await approve(unverifiedId);
    await context.deps.db('users').where({ id: unverifiedId }).update({ email_verified_at: null });
    expect(await tablesQueried(async () => (line = await firstLine(unverified)))).not.toContain('trade_applications');
    expect(line).not.toHaveProperty('trade');
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
    await context.deps
      .db('sessions')
      .where({ id: sessionId(client) })
      .delete();
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
