import { afterAll, beforeAll, describe, it } from 'vitest';
import { insertCatalogueItems } from '../../seeds/factories.ts';
import { expectAdminOnly, matrixClients, type AdminRouteCase, type MatrixClients } from '../../test/admin-matrix.ts';
import { insertUser } from '../../test/auth.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import { acceptance, insertQuotation } from '../../test/quotations.ts';
import { insertTradeApplication, type TradeStatus } from '../../test/trade.ts';

/**
 * The authorization matrix's rows for the sales routes (admin-authorization.test.ts has the
 * others): quote requests, quotations, orders and trade accounts, each called as a guest (401), a
 * verified user (403), an unverified admin (403) and a verified admin (its success status).
 */
let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let clients: MatrixClients;

beforeAll(async () => {
  context = await createTestContext();
  server = await startTestServer(context);
  clients = await matrixClients(server, context.deps);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

/** A trade application (pending unless told) of a new buyer; its id. */
async function tradeApplication(status: TradeStatus = 'pending'): Promise<number> {
  const { user } = await insertUser(context.deps);
  return insertTradeApplication(context.deps.db, user.id, status);
}

const db = () => context.deps.db;
/** An order a buyer placed (a sent quotation accepted through the service); its id. */
async function order(): Promise<number> {
  const { user } = await insertUser(context.deps);
  const [item] = await insertCatalogueItems(db(), 1);
  const q = await insertQuotation(db(), { userId: user.id, lines: [{ catalogue_item_id: item!, quantity: 2 }] });
  const accepted = await context.services.orders.accept(q.id, { userId: user.id }, { ...acceptance(), delivery_postcode: 'TN26 1AA' });
  return accepted.id;
}
let quotes = 0;
/** A stored guest quote request with one line (what POST /api/quote-requests would store). */
const quoteRequest = async () => {
  const [row] = await db()('quote_requests')
    .insert({ reference: `Q-2026-M${++quotes}`, name: 'Matrix Buyer', email: 'buyer@example.com', delivery_postcode: 'TN27 9AA' })
    .returning('id');
  await db()('quote_request_lines').insert({
    quote_request_id: row.id,
    genus: 'Fagus',
    species: 'sylvatica',
    form: 'Bare root',
    height: '60-90',
    quantity: 5,
  });
  return row.id as number;
};
/** A quotation of a new quote request: a draft unless told, with one priced line; its request's id and its id. */
const quotation = async (status: 'draft' | 'sent' = 'draft') => {
  const requestId = await quoteRequest();
  const [row] = await db()('quotations')
    .insert({ quote_request_id: requestId, version: 1, reference: `Q-2026-M${quotes}/1`, status, valid_until: '2099-01-01' })
    .returning('id');
  await db()('quotation_lines').insert({
    quotation_id: row.id,
    position: 1,
    genus: 'Fagus',
    species: 'sylvatica',
    form: 'Bare root',
    height: '60-90',
    quantity: 5,
    unit_price_pence: 120,
  });
  if (status === 'sent') {
    await db()('quotations')
      .where({ id: row.id })
      .update({ pdf_key: `quotations/${requestId}/matrix.pdf`, pdf_bytes: 4 });
    await context.deps.storage.put(`quotations/${requestId}/matrix.pdf`, Buffer.from('%PDF'));
  }
  return { requestId, id: row.id as number };
};

const cases: AdminRouteCase[] = [
  {
    route: 'GET /api/admin/quote-requests',
    success: 200,
    prepare: async () => (c) => c.get('/api/admin/quote-requests?status=new&page=0'),
  },
  {
    route: 'GET /api/admin/quote-requests/{id}',
    success: 200,
    prepare: async () => {
      const id = await quoteRequest();
      return (c) => c.get(`/api/admin/quote-requests/${id}`);
    },
  },
  {
    route: 'PATCH /api/admin/quote-requests/{id}',
    success: 200,
    prepare: async () => {
      const id = await quoteRequest();
      return (c) => c.patch(`/api/admin/quote-requests/${id}`, { status: 'quoted' });
    },
  },
  {
    route: 'POST /api/admin/quote-requests/{id}/quotation',
    success: 201,
    prepare: async () => {
      const id = await quoteRequest();
      return (c) => c.post(`/api/admin/quote-requests/${id}/quotation`);
    },
  },
  {
    route: 'GET /api/admin/quote-requests/{id}/quotations',
    success: 200,
    prepare: async () => {
      const { requestId } = await quotation();
      return (c) => c.get(`/api/admin/quote-requests/${requestId}/quotations`);
    },
  },
  {
    route: 'GET /api/admin/quote-requests/{id}/quotation/{qid}',
    success: 200,
    prepare: async () => {
      const { requestId, id } = await quotation();
      return (c) => c.get(`/api/admin/quote-requests/${requestId}/quotation/${id}`);
    },
  },
  {
    route: 'PATCH /api/admin/quote-requests/{id}/quotation/{qid}',
    success: 200,
    prepare: async () => {
      const { requestId, id } = await quotation();
      return (c) => c.patch(`/api/admin/quote-requests/${requestId}/quotation/${id}`, { delivery_pence: 2500 });
    },
  },
  {
    route: 'POST /api/admin/quote-requests/{id}/quotation/{qid}/send',
    success: 200,
    prepare: async () => {
      const { requestId, id } = await quotation();
      return (c) => c.post(`/api/admin/quote-requests/${requestId}/quotation/${id}/send`);
    },
  },
  {
    route: 'POST /api/admin/quote-requests/{id}/quotation/{qid}/revise',
    success: 201,
    prepare: async () => {
      const { requestId, id } = await quotation('sent');
      return (c) => c.post(`/api/admin/quote-requests/${requestId}/quotation/${id}/revise`);
    },
  },
  {
    route: 'GET /api/admin/quote-requests/{id}/quotation/{qid}/pdf',
    success: 200,
    prepare: async () => {
      const { requestId, id } = await quotation('sent');
      return (c) => c.get(`/api/admin/quote-requests/${requestId}/quotation/${id}/pdf`);
    },
  },
  {
    route: 'GET /api/admin/orders',
    success: 200,
    prepare: async () => (c) => c.get('/api/admin/orders?status=confirmed&q=SO&page=0'),
  },
  {
    route: 'GET /api/admin/orders/{id}',
    success: 200,
    prepare: async () => {
      const id = await order();
      return (c) => c.get(`/api/admin/orders/${id}`);
    },
  },
  {
    route: 'POST /api/admin/orders/{id}/status',
    success: 200,
    prepare: async () => {
      const id = await order();
      return (c) => c.post(`/api/admin/orders/${id}/status`, { status: 'picking', note: 'Matrix' });
    },
  },
  {
    route: 'GET /api/admin/orders/{id}/picking-list.pdf',
    success: 200,
    prepare: async () => {
      const id = await order();
      return (c) => c.get(`/api/admin/orders/${id}/picking-list.pdf`);
    },
  },
  {
    route: 'GET /api/admin/trade-applications',
    success: 200,
    prepare: async () => (c) => c.get('/api/admin/trade-applications?status=pending'),
  },
  {
    route: 'POST /api/admin/trade-applications/{id}/approve',
    success: 200,
    prepare: async () => {
      const id = await tradeApplication();
      return (c) => c.post(`/api/admin/trade-applications/${id}/approve`);
    },
  },
  {
    route: 'POST /api/admin/trade-applications/{id}/reject',
    success: 200,
    prepare: async () => {
      const id = await tradeApplication();
      return (c) => c.post(`/api/admin/trade-applications/${id}/reject`, { reason: 'No' });
    },
  },
  {
    route: 'POST /api/admin/trade-applications/{id}/suspend',
    success: 200,
    prepare: async () => {
      const id = await tradeApplication('approved');
      return (c) => c.post(`/api/admin/trade-applications/${id}/suspend`, { reason: 'Unpaid' });
    },
  },
  {
    route: 'POST /api/admin/trade-applications/{id}/reinstate',
    success: 200,
    prepare: async () => {
      const id = await tradeApplication('suspended');
      return (c) => c.post(`/api/admin/trade-applications/${id}/reinstate`, {});
    },
  },
  {
    route: 'POST /api/admin/trade-applications/{id}/revoke',
    success: 200,
    prepare: async () => {
      const id = await tradeApplication('approved');
      return (c) => c.post(`/api/admin/trade-applications/${id}/revoke`, { reason: 'Closed' });
    },
  },
  {
    route: 'GET /api/admin/users/{id}/trade-account',
    success: 200,
    prepare: async () => {
      const { user } = await insertUser(context.deps);
      return (c) => c.get(`/api/admin/users/${user.id}/trade-account`);
    },
  },
];

describe('every admin sales route', () => {
  it.each(cases)('$route: guest 401, user 403, unverified admin 403, admin $success', async ({ prepare, success }) => {
    await expectAdminOnly(clients, await prepare(), success);
  });
});
