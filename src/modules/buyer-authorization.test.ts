import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlantList } from '../../shared/api/plant-lists.ts';
import { guest, signedIn } from '../../test/admin.ts';
import { insertCatalogueItems } from '../../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import type { TestClient } from '../../test/http-client.ts';
import { insertTradeApplication } from '../../test/trade.ts';
import { renderPriceList } from './trade/price-list-job.ts';

/**
 * The buyers' authorization matrix (issue 10; the admin routes are in admin-authorization.test.ts):
 * every route a signed-in buyer uses, called as a guest (401), an unverified user (403 where the
 * route needs a verified address), a verified buyer without a trade account (403 where it needs
 * one), another buyer naming the owner's record by id (404, and the record unchanged), and its
 * owner (the success status). POST /api/quote-requests is open to guests on purpose (CSRF and a
 * rate limit guard it; see quotes/routes.test.ts).
 */
type Guard = 'signed in' | 'verified' | 'approved trade';
type Call = (client: TestClient) => ReturnType<TestClient['request']>;
interface Case {
  route: string;
  guard: Guard;
  success: number;
  /** Sets up what the owner's call needs; `byId` is what another buyer must not reach. */
  prepare: () => Promise<{ call: Call; byId?: { call: Call; unchanged: () => Promise<unknown> } }>;
}

let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let clients: {
  guest: TestClient;
  unverified: TestClient;
  member: TestClient;
  owner: TestClient & { userId: number };
  other: TestClient & { userId: number };
};
let items: number[];

beforeAll(async () => {
  context = await createTestContext({ redis: false });
  server = await startTestServer(context);
  items = await insertCatalogueItems(context.deps.db, 3);
  const buyer = async (verified = true) => (await signedIn(server, context.deps, { role: 'user', verified })).csrf();
  clients = {
    guest: await guest(server),
    unverified: await buyer(false),
    member: await buyer(),
    owner: await buyer(),
    other: await buyer(),
  };
  await insertTradeApplication(context.deps.db, clients.owner.userId, 'approved');
  await insertTradeApplication(context.deps.db, clients.other.userId, 'approved');
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

const db = () => context.deps.db;

/** A line on the owner's list; its id. */
async function ownerLine(): Promise<number> {
  await clients.owner.post('/api/plant-list/lines', { catalogue_item_id: items[0], quantity: 7 });
  const { lines } = (await clients.owner.get('/api/plant-list')).body as PlantList;
  return lines.find((line) => line.catalogue_item_id === items[0])!.id;
}

/** A quote request the owner sent; its id. */
async function ownerRequest(): Promise<number> {
  await ownerLine();
  const response = await clients.owner.post('/api/quote-requests', { delivery_postcode: 'TN26 1AA' });
  if (response.status !== 201) throw new Error(`the owner's quote request answered ${response.status}`);
  return (response.body as { id: number }).id;
}

const lineRow = (id: number) => () => db()('plant_list_lines').where({ id }).first('quantity');
const requestRow = (id: number) => () => db()('quote_requests').where({ id }).first('status', 'user_id');

const cases: Case[] = [
  { route: 'GET /api/plant-list', guard: 'signed in', success: 200, prepare: async () => ({ call: (c) => c.get('/api/plant-list') }) },
  {
    route: 'POST /api/plant-list/lines',
    guard: 'signed in',
    success: 201,
    prepare: async () => ({ call: (c) => c.post('/api/plant-list/lines', { catalogue_item_id: items[1], quantity: 2 }) }),
  },
  {
    route: 'PATCH /api/plant-list/lines/{id}',
    guard: 'signed in',
    success: 200,
    prepare: async () => {
      const id = await ownerLine();
      const call: Call = (c) => c.patch(`/api/plant-list/lines/${id}`, { quantity: 99 });
      return { call, byId: { call, unchanged: lineRow(id) } };
    },
  },
  {
    route: 'DELETE /api/plant-list/lines/{id}',
    guard: 'signed in',
    success: 204,
    prepare: async () => {
      const id = await ownerLine();
      const call: Call = (c) => c.delete(`/api/plant-list/lines/${id}`);
      return { call, byId: { call, unchanged: lineRow(id) } };
    },
  },
  {
    route: 'DELETE /api/plant-list',
    guard: 'signed in',
    success: 204,
    prepare: async () => ({ call: (c) => c.delete('/api/plant-list') }),
  },
  {
    route: 'POST /api/plant-list/merge',
    guard: 'signed in',
    success: 200,
    prepare: async () => ({ call: (c) => c.post('/api/plant-list/merge', { lines: [{ catalogue_item_id: items[2], quantity: 4 }] }) }),
  },
  {
    route: 'GET /api/quote-requests',
    guard: 'signed in',
    success: 200,
    prepare: async () => ({ call: (c) => c.get('/api/quote-requests') }),
  },
  {
    route: 'GET /api/quote-requests/defaults',
    guard: 'signed in',
    success: 200,
    prepare: async () => ({ call: (c) => c.get('/api/quote-requests/defaults') }),
  },
  {
    route: 'GET /api/quote-requests/{id}',
    guard: 'signed in',
    success: 200,
    prepare: async () => {
      const id = await ownerRequest();
      const call: Call = (c) => c.get(`/api/quote-requests/${id}`);
      return { call, byId: { call, unchanged: requestRow(id) } };
    },
  },
  {
    route: 'POST /api/quote-requests/{id}/copy',
    guard: 'signed in',
    success: 200,
    prepare: async () => {
      const id = await ownerRequest();
      const call: Call = (c) => c.post(`/api/quote-requests/${id}/copy`);
      return { call, byId: { call, unchanged: requestRow(id) } };
    },
  },
  {
    route: 'GET /api/trade-application',
    guard: 'verified',
    success: 200,
    prepare: async () => ({ call: (c) => c.get('/api/trade-application') }),
  },
  {
    route: 'POST /api/trade-application',
    guard: 'verified',
    // The owner is approved already: a second application is refused for what it is, not for who sends it.
    success: 422,
    prepare: async () => ({
      call: (c) =>
        c.post('/api/trade-application', {
          company_name: 'Acme Landscapes',
          business_type: 'landscaper',
          company_number: '01234567',
          delivery_postcode: 'TN26 1AA',
          invoice_email: 'accounts@example.com',
        }),
    }),
  },
  { route: 'GET /api/price-list', guard: 'verified', success: 200, prepare: async () => ({ call: (c) => c.get('/api/price-list') }) },
  {
    route: 'POST /api/price-list',
    guard: 'approved trade',
    success: 202,
    prepare: async () => ({ call: (c) => c.post('/api/price-list') }),
  },
  ...(['pdf', 'xlsx'] as const).map((format): Case => ({
    route: `GET /downloads/price-list.${format}`,
    guard: 'approved trade',
    success: 200,
    prepare: async () => {
      await db()('price_lists')
        .insert({ user_id: clients.owner.userId, requested_at: db().fn.now() })
        .onConflict('user_id')
        .merge(['requested_at']);
      await renderPriceList(context.deps, clients.owner.userId);
      return { call: (c) => c.get(`/downloads/price-list.${format}`) };
    },
  })),
];

describe("every buyer's route", () => {
  it.each(cases)('$route ($guard): guest 401, the guard, another buyer 404 by id, owner $success', async ({ guard, success, prepare }) => {
    const { call, byId } = await prepare();
    const guestAnswer = await call(clients.guest);
    expect(guestAnswer.status).toBe(401);
    expect(guestAnswer.body).toEqual({ message: 'Unauthenticated.' });

    if (guard !== 'signed in') {
      const unverified = await call(clients.unverified);
      expect(unverified.status).toBe(403);
      expect(unverified.body).toEqual({ message: 'Your email address is not verified.' });
    }
    if (guard === 'approved trade') expect((await call(clients.member)).status).toBe(403);

    if (byId) {
      const before = await byId.unchanged();
      expect(before).toBeDefined();
      expect((await byId.call(clients.other)).status).toBe(404);
      expect(await byId.unchanged()).toEqual(before);
    }

    const ownerAnswer = await call(clients.owner);
    expect(ownerAnswer.status, JSON.stringify(ownerAnswer.body).slice(0, 300)).toBe(success);
  });
});

/**
 * Planting schedules (issue 19) are open to guests on purpose: a schedule belongs to the signed-in
 * buyer or the guest session that sent it, and to no one else — another buyer, another guest, a
 * client without a session: 404, by id or by a guessed one.
 */
describe('planting schedules: open to guests, read by their sender only', () => {
  const send = (c: TestClient) => c.post('/api/schedules', { text: 'Acer campestre 60-90 BR x 250' });

  it('POST /api/schedules: guest 201, buyer 201', async () => {
    expect((await send(clients.guest)).status).toBe(201);
    expect((await send(clients.member)).status).toBe(201);
  });

  it.each(['owner', 'guest'] as const)("GET /api/schedules/{id} of a %s's schedule: the sender 200, everyone else 404", async (sender) => {
    const senderClient = sender === 'guest' ? await guest(server) : clients.owner;
    const { id } = (await send(senderClient)).body as { id: string };
    expect((await senderClient.get(`/api/schedules/${id}`)).status).toBe(200);
    const others = [clients.other, clients.member, clients.unverified, await guest(server), server.client()];
    if (sender === 'guest') others.push(clients.owner, clients.guest);
    for (const other of others) expect((await other.get(`/api/schedules/${id}`)).status).toBe(404);
    expect((await senderClient.get(`/api/schedules/${id.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`)).status).toBe(404);
  });
});
