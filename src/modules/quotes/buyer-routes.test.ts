import { describe, expect, it } from 'vitest';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { guestRequest, quoteRequestsAppForThisFile, waitForMails } from '../../../test/quote-requests.ts';
import { insertTradeApplication } from '../../../test/trade.ts';

/**
 * A signed-in buyer's quote requests: sent from the stored plant list, listed, read and copied
 * back into the list (their own only), and a trade buyer's company and postcode prefilled.
 */
const { app, ids, db, visitor, buyer } = quoteRequestsAppForThisFile();

const count = async (table: string) => Number((await db()(table).count({ n: '*' }).first())!.n);

describe('quote requests of a signed-in buyer', () => {
  it('sends the stored list when no lines are given, empties it, and fills name and email from the account', async () => {
    const client = await buyer();
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids()[1], quantity: 40 });
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids()[2], quantity: 2 });
    const user = await db()('users').where({ id: client.userId }).first();

    const response = await client.post('/api/quote-requests', { delivery_postcode: 'SW1A1AA' });
    expect(response.status).toBe(201);
    const detail = await client.get(`/api/quote-requests/${response.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      reference: response.body.reference,
      status: 'new',
      name: `${user.firstname} ${user.lastname}`,
      email: user.email,
      delivery_postcode: 'SW1A 1AA',
      wanted_by: null,
      line_count: 2,
    });
    expect(detail.body.lines.map((l: { catalogue_item_id: number; quantity: number }) => [l.catalogue_item_id, l.quantity])).toEqual([
      [ids()[1], 40],
      [ids()[2], 2],
    ]);
    expect((await client.get('/api/plant-list')).body.count).toBe(0);
    await waitForMails(app(), response.body.reference, 2);

    const empty = await client.post('/api/quote-requests', { delivery_postcode: 'SW1A 1AA' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ lines: ['Your plant list is empty: add lines before asking for a quote.'] });
  });

  it('stores and mails the optional telephone a buyer gives, refuses an invalid one with a 422 and stores none when blank', async () => {
    const client = await buyer();
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids()[0], quantity: 30 });

    const invalid = await client.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA', telephone: 'call me' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ telephone: ['The telephone field must be a valid telephone number.'] });
    expect((await client.get('/api/plant-list')).body.count).toBe(1);

    const response = await client.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA', telephone: '01233 555 010' });
    expect(response.status).toBe(201);
    expect((await client.get(`/api/quote-requests/${response.body.id}`)).body.telephone).toBe('01233 555 010');
    for (const mail of await waitForMails(app(), response.body.reference, 2)) {
      expect(mail.text).toContain('Telephone: 01233 555 010');
      expect(mail.html).toContain('01233 555 010');
    }

    await client.post('/api/plant-list/lines', { catalogue_item_id: ids()[0], quantity: 30 });
    const blank = await client.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA', telephone: '' });
    expect(blank.status).toBe(201);
    expect((await client.get(`/api/quote-requests/${blank.body.id}`)).body.telephone).toBe('');
    for (const mail of await waitForMails(app(), blank.body.reference, 2)) expect(mail.text).toContain('Telephone: Not given');
  });

  it('keeps a listed line whose catalogue row was removed, as it was shown, and leaves it out of a copy', async () => {
    const client = await buyer();
    const [gone] = await insertCatalogueItems(db(), [
      { genus: 'Sorbus', species: 'aucuparia', common_name: 'Rowan', form: '3L', height: '80-100' },
    ]);
    await client.post('/api/plant-list/lines', { catalogue_item_id: gone, quantity: 12 });
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids()[0], quantity: 1 });
    await db()('catalogue_items').where({ id: gone }).delete();

    const { body } = await client.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA' });
    const detail = (await client.get(`/api/quote-requests/${body.id}`)).body;
    expect(
      detail.lines.map((l: { catalogue_item_id: number | null; genus: string; quantity: number }) => [
        l.catalogue_item_id,
        l.genus,
        l.quantity,
      ]),
    ).toEqual([
      [null, 'Sorbus', 12],
      [ids()[0], 'Crataegus', 1],
    ]);
    const copied = await client.post(`/api/quote-requests/${body.id}/copy`);
    expect(copied.body.list.lines.map((l: { catalogue_item_id: number }) => l.catalogue_item_id)).toEqual([ids()[0]]);
    expect(copied.body.copied).toEqual({
      added: [{ line_id: detail.lines[1].id, quantity: 1 }],
      merged: [],
      skipped: [{ line_id: detail.lines[0].id, reason: 'no_longer_available' }],
    });
  });

  it('lists my requests newest first, copies one into my list, and answers 404 for another buyer’s', async () => {
    const me = await buyer();
    const other = await buyer();
    const first = (
      await me.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA', lines: [{ catalogue_item_id: ids()[0], quantity: 5 }] })
    ).body;
    const second = (
      await me.post('/api/quote-requests', {
        delivery_postcode: 'TN27 9AA',
        lines: [
          { catalogue_item_id: ids()[0], quantity: 7 },
          { catalogue_item_id: ids()[1], quantity: 1 },
        ],
      })
    ).body;
    const theirs = (
      await other.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA', lines: [{ catalogue_item_id: ids()[2], quantity: 1 }] })
    ).body;

    const mine = await me.get('/api/quote-requests?limit=10&page=0');
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(2);
    expect(mine.body.results.map((r: { id: number; line_count: number }) => [r.id, r.line_count])).toEqual([
      [second.id, 2],
      [first.id, 1],
    ]);

    await me.post('/api/plant-list/lines', { catalogue_item_id: ids()[0], quantity: 1 });
    const copied = await me.post(`/api/quote-requests/${second.id}/copy`);
    expect(copied.status).toBe(200);
    expect(copied.body.list.lines.map((l: { catalogue_item_id: number; quantity: number }) => [l.catalogue_item_id, l.quantity])).toEqual([
      [ids()[0], 8],
      [ids()[1], 1],
    ]);
    // What it did is said: the line already on the list (1) was merged to 8, the other added.
    const requested = (await me.get(`/api/quote-requests/${second.id}`)).body.lines as { id: number }[];
    expect(copied.body.copied).toEqual({
      added: [{ line_id: requested[1]!.id, quantity: 1 }],
      merged: [{ line_id: requested[0]!.id, before: 1, after: 8 }],
      skipped: [],
    });

    expect((await me.get(`/api/quote-requests/${theirs.id}`)).status).toBe(404);
    expect((await me.post(`/api/quote-requests/${theirs.id}/copy`)).status).toBe(404);
    expect((await other.get('/api/quote-requests')).body.results.map((r: { id: number }) => r.id)).toEqual([theirs.id]);
    expect((await me.get('/api/admin/quote-requests')).status).toBe(403);
  });
});

describe("a trade buyer's company and postcode", () => {
  const tradeBuyer = async (status: 'approved' | 'pending') => {
    const client = await buyer();
    await insertTradeApplication(db(), client.userId, status); // Acme Landscapes, TN26 1AA
    return client;
  };
  const stored = (id: number) => db()('quote_requests').where({ id }).first('company', 'delivery_postcode');

  it('prefills the form from the approved account and stores them when the form leaves them out, mailing the company', async () => {
    const client = await tradeBuyer('approved');
    expect((await client.get('/api/quote-requests/defaults')).body).toEqual({ company: 'Acme Landscapes', delivery_postcode: 'TN26 1AA' });

    const omitted = await client.post('/api/quote-requests', { lines: [{ catalogue_item_id: ids()[0], quantity: 10 }] });
    expect(omitted.status).toBe(201);
    expect(await stored(omitted.body.id)).toEqual({ company: 'Acme Landscapes', delivery_postcode: 'TN26 1AA' });
    const blank = await client.post('/api/quote-requests', {
      lines: [{ catalogue_item_id: ids()[0], quantity: 10 }],
      company: ' ',
      delivery_postcode: '',
    });
    expect(await stored(blank.body.id)).toEqual({ company: 'Acme Landscapes', delivery_postcode: 'TN26 1AA' });
    for (const mail of await waitForMails(app(), omitted.body.reference, 2)) {
      expect(mail.text).toContain('Company: Acme Landscapes');
    }
  });

  it('stores what the buyer edited over the account’s values', async () => {
    const client = await tradeBuyer('approved');
    const edited = await client.post('/api/quote-requests', {
      lines: [{ catalogue_item_id: ids()[1], quantity: 3 }],
      company: 'Acme Landscapes (North)',
      delivery_postcode: 'ls1 4ap',
    });
    expect(edited.status).toBe(201);
    expect(await stored(edited.body.id)).toEqual({ company: 'Acme Landscapes (North)', delivery_postcode: 'LS1 4AP' });
  });

  it('prefills nothing without an approved account, so the postcode stays required', async () => {
    const client = await tradeBuyer('pending');
    expect((await client.get('/api/quote-requests/defaults')).body).toEqual({ company: '', delivery_postcode: '' });
    const missing = await client.post('/api/quote-requests', { lines: [{ catalogue_item_id: ids()[0], quantity: 1 }] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ delivery_postcode: ['The delivery postcode field is required.'] });
    expect((await (await visitor()).get('/api/quote-requests/defaults')).status).toBe(401);
  });

  it('refuses a company of one character, from a buyer and from a guest, storing nothing', async () => {
    const before = await count('quote_requests');
    const fromBuyer = await (
      await tradeBuyer('approved')
    ).post('/api/quote-requests', { lines: [{ catalogue_item_id: ids()[0], quantity: 1 }], company: 'x' });
    const fromGuest = await (
      await visitor()
    ).post('/api/quote-requests', { ...guestRequest([{ catalogue_item_id: ids()[0], quantity: 1 }]), company: '-x-' });
    for (const response of [fromBuyer, fromGuest]) {
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ company: ['The company field must have at least 2 letters or digits.'] });
    }
    expect(await count('quote_requests')).toBe(before);
  });
});
