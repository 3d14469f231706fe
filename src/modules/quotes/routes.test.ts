import { describe, expect, it } from 'vitest';
import { guestRequest, mailQueueIdle, mailsAbout, quoteRequestsAppForThisFile, waitForMails } from '../../../test/quote-requests.ts';
import { xlsxAttachmentRows } from '../../../test/mail-attachments.ts';
import { buildMailBuilders } from '../../mail-builders.ts';
import { MAX_LINES } from '../plant-lists/service.ts';
import { deliverMail } from '../../outbox/mail-delivery.ts';

/**
 * A guest's quote request end to end: HTTP in, rows stored, events relayed to BullMQ mail
 * workers, mails through a real SMTP server with the XLSX attachment parsed back; and what a
 * guest is refused. A signed-in buyer's requests: buyer-routes.test.ts; staff's: admin-routes.test.ts.
 */
const { app, ids, db, visitor } = quoteRequestsAppForThisFile();

const count = async (table: string) => Number((await db()(table).count({ n: '*' }).first())!.n);

describe('POST /api/quote-requests as a guest', () => {
  it('stores the request with snapshotted lines, then mails sales an XLSX whose rows match the lines and confirms to the buyer, escaped', async () => {
    const lines = [
      { catalogue_item_id: ids()[0], quantity: 500 },
      { catalogue_item_id: ids()[1], quantity: 25 },
      { catalogue_item_id: ids()[2], quantity: 3 },
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
    await db()('catalogue_items').where({ id: ids()[0] }).update({ height: '60-80' });
    const storedLines = await db()('quote_request_lines').where({ quote_request_id: id }).orderBy('id');
    expect(storedLines.map((l) => [l.catalogue_item_id, l.genus, l.height, l.quantity])).toEqual([
      [ids()[0], 'Crataegus', '40-60', 500],
      [ids()[1], 'Fagus', '60-90', 25],
      [ids()[2], 'Acer', '175-200', 3],
    ]);

    const mails = await waitForMails(app(), reference, 2);
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
    const response = await (await visitor()).post('/api/quote-requests', guestRequest([{ catalogue_item_id: ids()[0], quantity: 1 }]));
    const { id, reference } = response.body;
    await waitForMails(app(), reference, 2);

    // The relay publishes the stored events again (as after a crash before it stamped them)…
    await db()('events')
      .where('id', '>=', (await db()('events').where({ name: 'quote.requested' }).whereRaw("(payload->>'id')::int = ?", [id]).first()).id)
      .update({ published_at: null });
    app().context.deps.relay.kick();
    await app().context.deps.relay.idle();
    // …and a job for each mail is delivered once more.
    const builders = buildMailBuilders(app().context.deps, app().context.services);
    const mails = await db()('mails').whereRaw("(params->>'quoteId')::int = ?", [id]);
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['quote.confirmation', 'quote.sales']);
    for (const mail of mails) await deliverMail(app().context.deps, builders, Number(mail.id));
    await expect.poll(() => mailQueueIdle(app()), { timeout: 10_000, interval: 20 }).toBe(true); // any duplicate job has run
    expect(mailsAbout(app(), reference)).toHaveLength(2);
  });

  it.each([
    [0, 'The quantity field must be at least 1.'],
    [-1, 'The quantity field must be at least 1.'],
    [1e9, 'The quantity field must not be greater than 100000.'],
    ['ten', 'The quantity field must be a whole number.'],
  ])('refuses quantity %s with a 422 field error and stores nothing', async (quantity, message) => {
    const before = await count('quote_requests');
    const response = await (await visitor()).post('/api/quote-requests', guestRequest([{ catalogue_item_id: ids()[0], quantity }]));
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
        { catalogue_item_id: ids()[0], quantity: 1 },
        { catalogue_item_id: 999_999, quantity: 1 },
      ]),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ 'lines.1.catalogue_item_id': ['The selected catalogue item is invalid.'] });

    const many = await client.post(
      '/api/quote-requests',
      guestRequest(Array.from({ length: MAX_LINES + 1 }, (_, i) => ({ catalogue_item_id: ids()[i % ids.length], quantity: 1 }))),
    );
    expect(many.status).toBe(422);
    expect(many.body.errors).toEqual({ lines: [`A plant list may hold at most ${MAX_LINES} lines.`] });

    const none = await client.post('/api/quote-requests', guestRequest([]));
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ lines: ['The lines field must have at least 1 line.'] });

    const missing = await client.post('/api/quote-requests', {
      lines: [{ catalogue_item_id: ids()[0], quantity: 1 }],
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
      guestRequest(Array.from({ length: 10_000 }, (_, i) => ({ catalogue_item_id: ids()[i % 300], quantity: 1 }))),
    );
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'The request body is too large.' });
    expect(await count('quote_requests')).toBe(before);
  });

  it('answers 419 without the CSRF header and stores nothing', async () => {
    const before = await count('quote_requests');
    const response = await (
      await visitor()
    ).post('/api/quote-requests', guestRequest([{ catalogue_item_id: ids()[0], quantity: 1 }]), { csrf: false });
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
    const { body } = await (await visitor()).post('/api/quote-requests', guestRequest([{ catalogue_item_id: ids()[0], quantity: 1 }]));
    const client = await visitor();
    expect((await client.get('/api/quote-requests')).status).toBe(401);
    expect((await client.get(`/api/quote-requests/${body.id}`)).status).toBe(401);
    expect((await client.post(`/api/quote-requests/${body.id}/copy`)).status).toBe(401);
    expect((await client.get(`/api/admin/quote-requests/${body.id}`)).status).toBe(401);
  });
});
