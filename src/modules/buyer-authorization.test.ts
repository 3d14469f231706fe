import { beforeAll, describe, expect, it } from 'vitest';
import type { PlantList } from '../../shared/api/plant-lists.ts';
import { buyersForThisFile, type BuyerClients } from '../../test/buyers.ts';
import type { TestClient } from '../../test/http-client.ts';
import { acceptance, insertQuotation } from '../../test/quotations.ts';
import { renderPriceList } from './trade/price-list-job.ts';

/**
 * The buyers' authorization matrix (issue 10; the admin routes are in admin-authorization.test.ts):
 * every route a signed-in buyer uses, called as a guest (401), an unverified user (403 where the
 * route needs a verified address), a verified buyer without a trade account (403 where it needs
 * one), another buyer naming the owner's record by id (404, and the record unchanged), and its
 * owner (the success status). POST /api/quote-requests is open to guests on purpose (CSRF and a
 * rate limit guard it; see quotes/routes.test.ts); answering a quotation and viewing its order are
 * open to a guest holding the quotation's link token (orders/routes.test.ts), else 401 as here.
 * What is open to a link holder or a guest session is in buyer-link-authorization.test.ts.
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

const buyers = buyersForThisFile();
let clients: BuyerClients;
let items: number[];
beforeAll(() => {
  clients = buyers.clients();
  items = buyers.items();
});
const db = buyers.db;

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

/** A quotation sent to the owner; its id. */
const ownerQuotation = async () =>
  (await insertQuotation(db(), { userId: clients.owner.userId, lines: [{ catalogue_item_id: items[0]!, quantity: 3 }] })).id;

/** An order the owner placed by accepting a quotation; its id. */
async function ownerOrder(): Promise<number> {
  const response = await clients.owner.post(`/api/quotations/${await ownerQuotation()}/accept`, acceptance());
  if (response.status !== 201) throw new Error(`the owner's acceptance answered ${response.status}`);
  return (response.body as { id: number }).id;
}

const quotationRow = (id: number) => () => db()('quotations').where({ id }).first('status', 'decline_reason');
const orderRow = (id: number) => () => db()('orders').where({ id }).first('status', 'user_id');
const lineRow = (id: number) => () => db()('plant_list_lines').where({ id }).first('quantity');
const listRow = (id: number) => () => db()('plant_lists').where({ id }).first('name', 'updated_at');
let lists = 0;
/** A named list of the owner's with one line; its id and the line's. */
async function ownerNamedList(): Promise<{ id: number; line: number }> {
  const response = await clients.owner.post('/api/plant-lists', {
    name: `Matrix ${++lists}`,
    lines: [{ catalogue_item_id: items[0], quantity: 3 }],
  });
  if (response.status !== 201) throw new Error(`the owner's new list answered ${response.status}`);
  const list = response.body as { id: number; lines: { id: number }[] };
  return { id: list.id, line: list.lines[0]!.id };
}
/** A named list's row and its lines' quantities: what another buyer's call must leave as it was. */
const namedListState = (id: number) => async () => ({
  list: await listRow(id)(),
  lines: await db()('plant_list_lines').where({ plant_list_id: id }).orderBy('id').pluck('quantity'),
});
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
  { route: 'GET /api/plant-lists', guard: 'signed in', success: 200, prepare: async () => ({ call: (c) => c.get('/api/plant-lists') }) },
  {
    route: 'POST /api/plant-lists',
    guard: 'signed in',
    success: 201,
    prepare: async () => {
      const name = `Matrix new ${++lists}`;
      return { call: (c) => c.post('/api/plant-lists', { name, lines: [{ catalogue_item_id: items[1], quantity: 2 }] }) };
    },
  },
  ...(
    [
      ['GET /api/plant-lists/{id}', 200, (id: number) => (c: TestClient) => c.get(`/api/plant-lists/${id}`)],
      ['PATCH /api/plant-lists/{id}', 200, (id: number) => (c: TestClient) => c.patch(`/api/plant-lists/${id}`, { name: `Renamed ${id}` })],
      ['DELETE /api/plant-lists/{id}', 204, (id: number) => (c: TestClient) => c.delete(`/api/plant-lists/${id}`)],
      [
        'POST /api/plant-lists/{id}/lines',
        201,
        (id: number) => (c: TestClient) => c.post(`/api/plant-lists/${id}/lines`, { catalogue_item_id: items[2], quantity: 4 }),
      ],
      ['POST /api/plant-lists/{id}/use', 204, (id: number) => (c: TestClient) => c.post(`/api/plant-lists/${id}/use`)],
      ['DELETE /api/plant-lists/{id}/lines', 204, (id: number) => (c: TestClient) => c.delete(`/api/plant-lists/${id}/lines`)],
    ] as const
  ).map(([route, success, callOf]): Case => ({
    route,
    guard: 'signed in',
    success,
    prepare: async () => {
      const { id } = await ownerNamedList();
      const call: Call = callOf(id);
      return { call, byId: { call, unchanged: namedListState(id) } };
    },
  })),
  ...(
    [
      [
        'PATCH /api/plant-lists/{id}/lines/{lineId}',
        200,
        (c: TestClient, id: number, line: number) => c.patch(`/api/plant-lists/${id}/lines/${line}`, { quantity: 11 }),
      ],
      [
        'DELETE /api/plant-lists/{id}/lines/{lineId}',
        204,
        (c: TestClient, id: number, line: number) => c.delete(`/api/plant-lists/${id}/lines/${line}`),
      ],
    ] as const
  ).map(([route, success, send]): Case => ({
    route,
    guard: 'signed in',
    success,
    prepare: async () => {
      const { id, line } = await ownerNamedList();
      const call: Call = (c) => send(c, id, line);
      return { call, byId: { call, unchanged: namedListState(id) } };
    },
  })),
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
    route: 'POST /api/quotations/{id}/accept',
    guard: 'signed in',
    success: 201,
    prepare: async () => {
      const id = await ownerQuotation();
      const call: Call = (c) => c.post(`/api/quotations/${id}/accept`, acceptance());
      return { call, byId: { call, unchanged: quotationRow(id) } };
    },
  },
  {
    route: 'POST /api/quotations/{id}/decline',
    guard: 'signed in',
    success: 200,
    prepare: async () => {
      const id = await ownerQuotation();
      const call: Call = (c) => c.post(`/api/quotations/${id}/decline`, { reason: 'Too far to deliver' });
      return { call, byId: { call, unchanged: quotationRow(id) } };
    },
  },
  { route: 'GET /api/orders', guard: 'signed in', success: 200, prepare: async () => ({ call: (c) => c.get('/api/orders') }) },
  {
    route: 'GET /api/orders/{id}',
    guard: 'signed in',
    success: 200,
    prepare: async () => {
      const id = await ownerOrder();
      const call: Call = (c) => c.get(`/api/orders/${id}`);
      return { call, byId: { call, unchanged: orderRow(id) } };
    },
  },
  {
    route: 'POST /api/orders/{id}/copy',
    guard: 'signed in',
    success: 200,
    prepare: async () => {
      const id = await ownerOrder();
      const call: Call = (c) => c.post(`/api/orders/${id}/copy`);
      return { call, byId: { call, unchanged: orderRow(id) } };
    },
  },
  {
    route: 'POST /api/orders/{id}/copy {new_list}',
    guard: 'signed in',
    success: 200,
    prepare: async () => {
      const id = await ownerOrder();
      const call: Call = (c) => c.post(`/api/orders/${id}/copy`, { new_list: true });
      return { call, byId: { call, unchanged: orderRow(id) } };
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
      await renderPriceList(buyers.context().deps, clients.owner.userId);
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
