import { beforeAll, describe, expect, it } from 'vitest';
import { guest } from '../../test/admin.ts';
import { buyersForThisFile, type BuyerClients } from '../../test/buyers.ts';
import type { TestClient } from '../../test/http-client.ts';
import { quotationToken } from './quotations/service.ts';

/**
 * The buyers' records open to more than their signed-in owner (the rest of the matrix is in
 * buyer-authorization.test.ts): a quotation to whoever holds its link, a planting schedule to the
 * guest session that sent it. Everyone else gets 404, never a hint that the record exists.
 */
const buyers = buyersForThisFile();
let clients: BuyerClients;
beforeAll(() => {
  clients = buyers.clients();
});
const db = buyers.db;

/**
 * A buyer's quotation (issue 19) is open to whoever holds its signed link, so it is not in the
 * matrix (where a guest gets 401): without the link only its owner reads it, and every
 * other caller — a guest, another buyer, a guessed or another quotation's token, a draft — gets 404.
 */
describe("a buyer's quotation, by id and by link", () => {
  let quotations = 0;
  async function ownerQuotation(status: 'draft' | 'sent') {
    // Stored directly: the request route's per-IP limit is not what this tests.
    const [request] = await db()('quote_requests')
      .insert({
        reference: `Q-M-${++quotations}`,
        user_id: clients.owner.userId,
        name: 'Owner',
        email: 'owner@example.com',
        delivery_postcode: 'TN26 1AA',
      })
      .returning('id');
    const requestId = request.id as number;
    const [row] = await db()('quotations')
      .insert({ quote_request_id: requestId, version: 1, reference: `Q-M-${requestId}/1`, status, valid_until: '2099-01-01' })
      .returning('id');
    const key = `quotations/${requestId}/matrix.pdf`;
    await buyers.context().deps.storage.put(key, Buffer.from('%PDF-1.4 matrix'));
    await db()('quotations').where({ id: row.id }).update({ pdf_key: key, pdf_bytes: 15 });
    return { id: row.id as number, token: quotationToken(buyers.context().deps.config, { id: row.id, valid_until: '2099-01-01' }) };
  }

  it.each(['', '/pdf'])(
    'GET /api/quotations/{id}%s: owner and link holder 200; guest, another buyer, wrong token, draft 404',
    async (suffix) => {
      const { id, token } = await ownerQuotation('sent');
      const other = await ownerQuotation('sent');
      const url = `/api/quotations/${id}${suffix}`;
      expect((await clients.owner.get(url)).status).toBe(200);
      expect((await clients.guest.get(`${url}?token=${token}`)).status).toBe(200);
      expect((await clients.other.get(`${url}?token=${token}`)).status).toBe(200);
      for (const [client, query] of [
        [clients.guest, ''],
        [clients.other, ''],
        [clients.member, ''],
        [clients.guest, `?token=${other.token}`],
        [clients.guest, `?token=${'f'.repeat(64)}`],
      ] as const)
        expect((await client.get(`${url}${query}`)).status, query).toBe(404);
      const draft = await ownerQuotation('draft');
      expect((await clients.owner.get(`/api/quotations/${draft.id}${suffix}`)).status).toBe(404);
      expect((await clients.guest.get(`/api/quotations/${draft.id}${suffix}?token=${draft.token}`)).status).toBe(404);
    },
  );
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
    const senderClient = sender === 'guest' ? await guest(buyers.server()) : clients.owner;
    const { id } = (await send(senderClient)).body as { id: string };
    expect((await senderClient.get(`/api/schedules/${id}`)).status).toBe(200);
    const others = [clients.other, clients.member, clients.unverified, await guest(buyers.server()), buyers.server().client()];
    if (sender === 'guest') others.push(clients.owner, clients.guest);
    for (const other of others) expect((await other.get(`/api/schedules/${id}`)).status).toBe(404);
    expect((await senderClient.get(`/api/schedules/${id.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`)).status).toBe(404);
  });
});
