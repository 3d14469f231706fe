import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import { xlsxAttachmentRows } from '../../../test/mail-attachments.ts';
import type { CapturedMail } from '../../../test/smtp.ts';
import { insertTradeApplication } from '../../../test/trade.ts';
import { buildMailBuilders } from '../../mail-builders.ts';
import { MAX_LINES } from '../plant-lists/service.ts';
import { deliverMail } from '../../outbox/mail-delivery.ts';

/**
 * Quote requests end to end: HTTP in, rows stored, events relayed to BullMQ mail workers, mails
 * through a real SMTP server with the XLSX attachment parsed back.
 */
let app: MailingApp;
let ids: number[];

const db = () => app.context.deps.db;
const visitor = () => app.visitor().csrf();
const buyer = () => signedIn(app.server, app.context.deps, { role: 'user' });
const count = async (table: string) => Number((await db()(table).count({ n: '*' }).first())!.n);
const mailsAbout = (reference: string) => app.smtp.messages.filter((m) => m.subject.includes(reference));

const guestRequest = (lines: unknown) => ({
  lines,
  delivery_postcode: 'tn27 9aa',
  wanted_by: '2027-02-15',
  notes: 'Deliver to the back gate <script>alert(1)</script>',
  name: 'Jo Landscaper <b>',
  company: 'Greenways & Co',
  email: 'jo@example.com',
  telephone: '01233 555 123',
});

/** Nothing waiting, delayed or running on the mail queue. */
async function mailQueueIdle(): Promise<boolean> {
  const mail = app.context.deps.queue.bullQueues!().find((q) => q.name === 'mail')!;
  const counts = await mail.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  return Object.values(counts).every((n) => n === 0);
}

async function waitForMails(reference: string, n: number): Promise<CapturedMail[]> {
  await expect.poll(() => mailsAbout(reference).length, { timeout: 10_000 }).toBe(n);
  return mailsAbout(reference);
}

beforeAll(async () => {
  // Every guest request here gives one address: its confirmations are not what these tests count.
  app = await startMailingApp({
    env: { ENQUIRIES_TO: 'sales@nursery.test', CONTACT_PER_MINUTE: '30', QUOTE_CONFIRMATIONS_PER_HOUR: '1000' },
  });
  ids = await insertCatalogueItems(db(), [
    { genus: 'Crataegus', species: 'monogyna', common_name: 'Hawthorn', form: 'Bare root', height: '40-60' },
    { genus: 'Fagus', species: 'sylvatica', common_name: 'Beech <i>', form: 'Bare root', height: '60-90' },
    { genus: 'Acer', species: "platanoides 'Crimson King'", common_name: 'Norway maple', form: '10L', height: '175-200' },
    ...Array.from({ length: 300 }, () => ({})),
  ]);
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/quote-requests as a guest', () => {
  it('stores the request with snapshotted lines, then mails sales an XLSX whose rows match the lines and confirms to the buyer, escaped', async () => {
    const lines = [
      { catalogue_item_id: ids[0], quantity: 500 },
      { catalogue_item_id: ids[1], quantity: 25 },
      { catalogue_item_id: ids[2], quantity: 3 },
    ];
    const response = await (await visitor()).post('/api/quote-requests', guestRequest(lines));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(Number), reference: expect.stringMatching(/^Q-\d{4}-\d{6}$/) });
    const { id, reference } = response.body;

    const stored = await db()('quote_requests').where({ id }).first();
    expect(stored).toMatchObject({
      user_id: null,
      status: 'new',
      delivery_postcode: 'TN27 9AA',
      company: 'Greenways & Co',
      email: 'jo@example.com',
    });
    // The catalogue may change afterwards; the request keeps what was asked for.
    await db()('catalogue_items').where({ id: ids[0] }).update({ height: '60-80' });
    const storedLines = await db()('quote_request_lines').where({ quote_request_id: id }).orderBy('id');
    expect(storedLines.map((l) => [l.catalogue_item_id, l.genus, l.height, l.quantity])).toEqual([
      [ids[0], 'Crataegus', '40-60', 500],
      [ids[1], 'Fagus', '60-90', 25],
      [ids[2], 'Acer', '175-200', 3],
    ]);

    const mails = await waitForMails(reference, 2);
    const toSales = mails.find((m) => m.to.includes('sales@nursery.test'))!;
    const toBuyer = mails.find((m) => m.to.includes('jo@example.com'))!;
    expect(toSales.replyTo).toBe('jo@example.com');
    const codes = storedLines.map((l) => l.code as string);
    expect(codes.every((code) => /^[A-Z0-9]+(-[A-Z0-9]+)*$/.test(code))).toBe(true);
    const expectedRows = [
      ['Code', 'Genus', 'Species', 'Common name', 'Form', 'Height (cm)', 'Quantity'],
      [codes[0], 'Crataegus', 'monogyna', 'Hawthorn', 'Bare root', '40-60', 500],
      [codes[1], 'Fagus', 'sylvatica', 'Beech <i>', 'Bare root', '60-90', 25],
      [codes[2], 'Acer', "platanoides 'Crimson King'", 'Norway maple', '10L', '175-200', 3],
    ];
    expect(await xlsxAttachmentRows(toSales)).toEqual(expectedRows);
    expect(await xlsxAttachmentRows(toBuyer)).toEqual(expectedRows);
    // The guest's own words go to sales only (confirmations.test.ts: what a confirmation repeats).
    expect(toSales.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(toBuyer.text).not.toContain('Deliver to the back gate');
    for (const mail of [toSales, toBuyer]) {
      expect(mail.html).toContain('Beech &lt;i&gt;');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>');
      expect(mail.text).toContain(`500 × ${codes[0]} Crataegus monogyna`);
    }
  });

  it('sends each mail once even when the event is published again or the job runs twice', async () => {
    const response = await (await visitor()).post('/api/quote-requests', guestRequest([{ catalogue_item_id: ids[0], quantity: 1 }]));
    const { id, reference } = response.body;
    await waitForMails(reference, 2);

    // The relay publishes the stored events again (as after a crash before it stamped them)…
    await db()('events')
      .where('id', '>=', (await db()('events').where({ name: 'quote.requested' }).whereRaw("(payload->>'id')::int = ?", [id]).first()).id)
      .update({ published_at: null });
    app.context.deps.relay.kick();
    await app.context.deps.relay.idle();
    // …and a job for each mail is delivered once more.
    const builders = buildMailBuilders(app.context.deps, app.context.services);
    const mails = await db()('mails').whereRaw("(params->>'quoteId')::int = ?", [id]);
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['quote.confirmation', 'quote.sales']);
    for (const mail of mails) await deliverMail(app.context.deps, builders, Number(mail.id));
    await expect.poll(mailQueueIdle, { timeout: 10_000, interval: 20 }).toBe(true); // any duplicate job has run
    expect(mailsAbout(reference)).toHaveLength(2);
  });

  it.each([
    [0, 'The quantity field must be at least 1.'],
    [-1, 'The quantity field must be at least 1.'],
    [1e9, 'The quantity field must not be greater than 100000.'],
    ['ten', 'The quantity field must be a whole number.'],
  ])('refuses quantity %s with a 422 field error and stores nothing', async (quantity, message) => {
    const before = await count('quote_requests');
    const response = await (await visitor()).post('/api/quote-requests', guestRequest([{ catalogue_item_id: ids[0], quantity }]));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ 'lines.0.quantity': [message] });
    expect(await count('quote_requests')).toBe(before);
  });

  it('refuses an unknown catalogue id, too many lines, no lines and missing details with 422s, storing nothing', async () => {
    const before = await count('quote_requests');
    const client = await visitor();
    const unknown = await client.post(
      '/api/quote-requests',
      guestRequest([
        { catalogue_item_id: ids[0], quantity: 1 },
        { catalogue_item_id: 999_999, quantity: 1 },
      ]),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ 'lines.1.catalogue_item_id': ['The selected catalogue item is invalid.'] });

    const many = await client.post(
      '/api/quote-requests',
      guestRequest(Array.from({ length: MAX_LINES + 1 }, (_, i) => ({ catalogue_item_id: ids[i % ids.length], quantity: 1 }))),
    );
    expect(many.status).toBe(422);
    expect(many.body.errors).toEqual({ lines: [`A plant list may hold at most ${MAX_LINES} lines.`] });

    const none = await client.post('/api/quote-requests', guestRequest([]));
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ lines: ['The lines field must have at least 1 line.'] });

    const missing = await client.post('/api/quote-requests', {
      lines: [{ catalogue_item_id: ids[0], quantity: 1 }],
      delivery_postcode: 'nowhere',
      wanted_by: '2027-02-30',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      delivery_postcode: ['The delivery postcode field must be a valid UK postcode.'],
      wanted_by: ['The wanted by field must be a date (YYYY-MM-DD).'],
      name: ['The name field is required.'],
      email: ['The email field is required.'],
      telephone: ['The telephone field is required.'],
    });

    const huge = await client.post(
      '/api/quote-requests',
      guestRequest(Array.from({ length: 10_000 }, (_, i) => ({ catalogue_item_id: ids[i % 300], quantity: 1 }))),
    );
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'The request body is too large.' });
    expect(await count('quote_requests')).toBe(before);
  });

  it('answers 419 without the CSRF header and stores nothing', async () => {
    const before = await count('quote_requests');
    const response = await (
      await visitor()
    ).post('/api/quote-requests', guestRequest([{ catalogue_item_id: ids[0], quantity: 1 }]), { csrf: false });
    expect(response.status).toBe(419);
    expect(await count('quote_requests')).toBe(before);
  });

  it('answers 429 with Retry-After past the per-IP rate', async () => {
    const client = await visitor();
    const body = guestRequest([{ catalogue_item_id: 999_999, quantity: 1 }]); // refused, but counted
    for (let i = 0; i < 30; i++) expect((await client.post('/api/quote-requests', body)).status).toBe(422);
    const over = await client.post('/api/quote-requests', body);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('never lets a guest read or copy a request', async () => {
    const { body } = await (await visitor()).post('/api/quote-requests', guestRequest([{ catalogue_item_id: ids[0], quantity: 1 }]));
    const client = await visitor();
    expect((await client.get('/api/quote-requests')).status).toBe(401);
    expect((await client.get(`/api/quote-requests/${body.id}`)).status).toBe(401);
    expect((await client.post(`/api/quote-requests/${body.id}/copy`)).status).toBe(401);
    expect((await client.get(`/api/admin/quote-requests/${body.id}`)).status).toBe(401);
  });
});

describe('quote requests of a signed-in buyer', () => {
  it('sends the stored list when no lines are given, empties it, and fills name and email from the account', async () => {
    const client = await buyer();
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[1], quantity: 40 });
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[2], quantity: 2 });
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
      [ids[1], 40],
      [ids[2], 2],
    ]);
    expect((await client.get('/api/plant-list')).body.count).toBe(0);
    await waitForMails(response.body.reference, 2);

    const empty = await client.post('/api/quote-requests', { delivery_postcode: 'SW1A 1AA' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ lines: ['Your plant list is empty: add lines before asking for a quote.'] });
  });

  it('stores and mails the optional telephone a buyer gives, refuses an invalid one with a 422 and stores none when blank', async () => {
    const client = await buyer();
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[0], quantity: 30 });

    const invalid = await client.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA', telephone: 'call me' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ telephone: ['The telephone field must be a valid telephone number.'] });
    expect((await client.get('/api/plant-list')).body.count).toBe(1);

    const response = await client.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA', telephone: '01233 555 010' });
    expect(response.status).toBe(201);
    expect((await client.get(`/api/quote-requests/${response.body.id}`)).body.telephone).toBe('01233 555 010');
    for (const mail of await waitForMails(response.body.reference, 2)) {
      expect(mail.text).toContain('Telephone: 01233 555 010');
      expect(mail.html).toContain('01233 555 010');
    }

    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[0], quantity: 30 });
    const blank = await client.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA', telephone: '' });
    expect(blank.status).toBe(201);
    expect((await client.get(`/api/quote-requests/${blank.body.id}`)).body.telephone).toBe('');
    for (const mail of await waitForMails(blank.body.reference, 2)) expect(mail.text).toContain('Telephone: Not given');
  });

  it('keeps a listed line whose catalogue row was removed, as it was shown, and leaves it out of a copy', async () => {
    const client = await buyer();
    const [gone] = await insertCatalogueItems(db(), [
      { genus: 'Sorbus', species: 'aucuparia', common_name: 'Rowan', form: '3L', height: '80-100' },
    ]);
    await client.post('/api/plant-list/lines', { catalogue_item_id: gone, quantity: 12 });
    await client.post('/api/plant-list/lines', { catalogue_item_id: ids[0], quantity: 1 });
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
      [ids[0], 'Crataegus', 1],
    ]);
    const copied = await client.post(`/api/quote-requests/${body.id}/copy`);
    expect(copied.body.list.lines.map((l: { catalogue_item_id: number }) => l.catalogue_item_id)).toEqual([ids[0]]);
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
      await me.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA', lines: [{ catalogue_item_id: ids[0], quantity: 5 }] })
    ).body;
    const second = (
      await me.post('/api/quote-requests', {
        delivery_postcode: 'TN27 9AA',
        lines: [
          { catalogue_item_id: ids[0], quantity: 7 },
          { catalogue_item_id: ids[1], quantity: 1 },
        ],
      })
    ).body;
    const theirs = (
      await other.post('/api/quote-requests', { delivery_postcode: 'TN27 9AA', lines: [{ catalogue_item_id: ids[2], quantity: 1 }] })
    ).body;

    const mine = await me.get('/api/quote-requests?limit=10&page=0');
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(2);
    expect(mine.body.results.map((r: { id: number; line_count: number }) => [r.id, r.line_count])).toEqual([
      [second.id, 2],
      [first.id, 1],
    ]);

    await me.post('/api/plant-list/lines', { catalogue_item_id: ids[0], quantity: 1 });
    const copied = await me.post(`/api/quote-requests/${second.id}/copy`);
    expect(copied.status).toBe(200);
    expect(copied.body.list.lines.map((l: { catalogue_item_id: number; quantity: number }) => [l.catalogue_item_id, l.quantity])).toEqual([
      [ids[0], 8],
      [ids[1], 1],
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

    const omitted = await client.post('/api/quote-requests', { lines: [{ catalogue_item_id: ids[0], quantity: 10 }] });
    expect(omitted.status).toBe(201);
    expect(await stored(omitted.body.id)).toEqual({ company: 'Acme Landscapes', delivery_postcode: 'TN26 1AA' });
    const blank = await client.post('/api/quote-requests', {
      lines: [{ catalogue_item_id: ids[0], quantity: 10 }],
      company: ' ',
      delivery_postcode: '',
    });
    expect(await stored(blank.body.id)).toEqual({ company: 'Acme Landscapes', delivery_postcode: 'TN26 1AA' });
    for (const mail of await waitForMails(omitted.body.reference, 2)) {
      expect(mail.text).toContain('Company: Acme Landscapes');
    }
  });

  it('stores what the buyer edited over the account’s values', async () => {
    const client = await tradeBuyer('approved');
    const edited = await client.post('/api/quote-requests', {
      lines: [{ catalogue_item_id: ids[1], quantity: 3 }],
      company: 'Acme Landscapes (North)',
      delivery_postcode: 'ls1 4ap',
    });
    expect(edited.status).toBe(201);
    expect(await stored(edited.body.id)).toEqual({ company: 'Acme Landscapes (North)', delivery_postcode: 'LS1 4AP' });
  });

  it('prefills nothing without an approved account, so the postcode stays required', async () => {
    const client = await tradeBuyer('pending');
    expect((await client.get('/api/quote-requests/defaults')).body).toEqual({ company: '', delivery_postcode: '' });
    const missing = await client.post('/api/quote-requests', { lines: [{ catalogue_item_id: ids[0], quantity: 1 }] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ delivery_postcode: ['The delivery postcode field is required.'] });
    expect((await (await visitor()).get('/api/quote-requests/defaults')).status).toBe(401);
  });

  it('refuses a company of one character, from a buyer and from a guest, storing nothing', async () => {
    const before = await count('quote_requests');
    const fromBuyer = await (
      await tradeBuyer('approved')
    ).post('/api/quote-requests', { lines: [{ catalogue_item_id: ids[0], quantity: 1 }], company: 'x' });
    const fromGuest = await (
      await visitor()
    ).post('/api/quote-requests', { ...guestRequest([{ catalogue_item_id: ids[0], quantity: 1 }]), company: '-x-' });
    for (const response of [fromBuyer, fromGuest]) {
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ company: ['The company field must have at least 2 letters or digits.'] });
    }
    expect(await count('quote_requests')).toBe(before);
  });
});

describe("staff's view of a request's prices", () => {
  it("shows each line's trade price for its quantity, availability, totals and an estimate ex VAT; buyers get none of it", async () => {
    const [broken, listed, unpriced, gone] = await insertCatalogueItems(db(), [
      { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam', form: 'Bare root', height: '60-90' },
      { genus: 'Ilex', species: 'aquifolium', common_name: 'Holly', form: '2L', height: '40-60' },
      { genus: 'Taxus', species: 'baccata', common_name: 'Yew', form: '3L', height: '40-60' },
      { genus: 'Sorbus', species: 'aria', common_name: 'Whitebeam', form: '10L', height: '175-200' },
    ]);
    const trade = (id: number, fields: Record<string, unknown>) => db()('catalogue_items').where({ id }).update(fields);
    await trade(broken!, {
      price_pence: 245,
      price_breaks: JSON.stringify([
        { min_quantity: 100, price_pence: 220 },
        { min_quantity: 500, price_pence: 199 },
      ]),
      stock_status: 'in_stock',
      stock_quantity: 5000,
    });
    await trade(listed!, {
      price_pence: 450,
      price_breaks: JSON.stringify([{ min_quantity: 50, price_pence: 400 }]),
      stock_status: 'ready_from',
      ready_from: '2027-01-10',
    });

    const owner = await buyer();
    await insertTradeApplication(db(), owner.userId, 'approved');
    const lines = [
      { catalogue_item_id: broken, quantity: 600 },
      { catalogue_item_id: listed, quantity: 10 },
      { catalogue_item_id: unpriced, quantity: 5 },
      { catalogue_item_id: gone, quantity: 2 },
    ];
    const { id } = (await owner.post('/api/quote-requests', { lines, delivery_postcode: 'TN27 9AA' })).body;
    await db()('catalogue_items').where({ id: gone }).delete();

    const admin = await signedIn(app.server, app.context.deps, { role: 'admin' });
    const detail = await admin.get(`/api/admin/quote-requests/${id}`);
    expect(detail.status).toBe(200);
    const [first, second, third, fourth] = detail.body.lines;
    expect(first).toMatchObject({
      quantity: 600,
      current: {
        trade: { price_pence: 245, stock_status: 'in_stock', stock_quantity: 5000 },
        unit_price_pence: 199,
        break_min_quantity: 500,
        line_total_pence: 119_400,
      },
    });
    expect(second.current).toMatchObject({
      trade: { stock_status: 'ready_from', ready_from: '2027-01-10' },
      unit_price_pence: 450,
      break_min_quantity: null,
      line_total_pence: 4500,
    });
    expect(third.current).toMatchObject({ trade: { price_pence: null }, unit_price_pence: null, line_total_pence: null });
    expect(fourth).toMatchObject({ genus: 'Sorbus', catalogue_item_id: null, current: null });
    expect(detail.body).toMatchObject({ estimated_total_pence: 123_900, unpriced_lines: 2 });
    // A status change answers with the same priced view.
    // (won, not quoted: the inbox test below counts the quoted ones.)
    expect((await admin.patch(`/api/admin/quote-requests/${id}`, { status: 'won' })).body).toMatchObject({
      status: 'won',
      estimated_total_pence: 123_900,
    });

    // The buyer, approved or not, reads their request without staff's pricing; the admin route is closed to them.
    const own = await owner.get(`/api/quote-requests/${id}`);
    expect(own.status).toBe(200);
    expect(own.body).not.toHaveProperty('estimated_total_pence');
    expect(own.body.lines.every((line: object) => !('current' in line) && !('trade' in line))).toBe(true);
    expect((await owner.get(`/api/admin/quote-requests/${id}`)).status).toBe(403);
    expect((await (await visitor()).get(`/api/admin/quote-requests/${id}`)).status).toBe(401);
  });
});

describe('the admin quote inbox', () => {
  it('lists with line counts, filters by status, shows lines, sets the status and counts open requests', async () => {
    const admin = await signedIn(app.server, app.context.deps, { role: 'admin' });
    const created = (
      await (
        await visitor()
      ).post(
        '/api/quote-requests',
        guestRequest([
          { catalogue_item_id: ids[0], quantity: 9 },
          { catalogue_item_id: ids[1], quantity: 4 },
        ]),
      )
    ).body;
    const open = await db()('quote_requests').where({ status: 'new' }).count({ n: '*' }).first();
    expect((await admin.get('/api/admin/stats')).body.quotes).toEqual({ open: Number(open!.n) });

    const list = await admin.get('/api/admin/quote-requests?status=new&limit=100');
    expect(list.status).toBe(200);
    expect(list.body.results[0]).toMatchObject({
      id: created.id,
      reference: created.reference,
      status: 'new',
      line_count: 2,
      company: 'Greenways & Co',
    });
    expect(list.body.results.every((r: { status: string }) => r.status === 'new')).toBe(true);

    const detail = await admin.get(`/api/admin/quote-requests/${created.id}`);
    expect(detail.body).toMatchObject({ telephone: '01233 555 123', wanted_by: '2027-02-15', notes: expect.stringContaining('back gate') });
    expect(detail.body.lines.map((l: { quantity: number }) => l.quantity)).toEqual([9, 4]);
    expect(detail.body).not.toHaveProperty('ip');

    const quoted = await admin.patch(`/api/admin/quote-requests/${created.id}`, { status: 'quoted' });
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({ status: 'quoted', handled_at: expect.any(String) });
    expect((await admin.get('/api/admin/quote-requests?status=quoted')).body.results.map((r: { id: number }) => r.id)).toEqual([
      created.id,
    ]);
    expect((await admin.get('/api/admin/stats')).body.quotes).toEqual({ open: Number(open!.n) - 1 });

    const bad = await admin.patch(`/api/admin/quote-requests/${created.id}`, { status: 'maybe' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ status: ['The selected status is invalid.'] });
    expect((await admin.get('/api/admin/quote-requests?status=maybe')).status).toBe(422);
    expect((await admin.get('/api/admin/quote-requests/999999')).status).toBe(404);
    expect((await admin.patch('/api/admin/quote-requests/999999', { status: 'won' })).status).toBe(404);
  });
});
