import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../shared/api/orders.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { signedIn } from '../../../test/admin.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import { expectTextSaysAllHtmlSays } from '../../../test/mail-parity.ts';
import { acceptance, insertQuotation, linkToken, setStock } from '../../../test/quotations.ts';
import type { CapturedMail } from '../../../test/smtp.ts';
import { housekeepingProcessors } from '../../housekeeping.ts';

/**
 * Answering quotations and reading orders over HTTP, buyer side: rows stored, events relayed to
 * BullMQ mail workers, mails read back from a real SMTP server.
 */
let app: MailingApp;
let items: number[];

const SALES = 'sales@nursery.test';
const db = () => app.context.deps.db;
const count = async (table: string) => Number((await db()(table).count({ n: '*' }).first())!.n);
const buyer = async () => (await signedIn(app.server, app.context.deps, { role: 'user' })).csrf() as ReturnType<typeof signedIn>;
const emailOf = async (userId: number) => (await db()('users').where({ id: userId }).first()).email as string;
const mailsAbout = (text: string) => app.smtp.messages.filter((m) => m.subject.includes(text));
async function waitForMails(text: string, n: number): Promise<CapturedMail[]> {
  await expect.poll(() => mailsAbout(text).length, { timeout: 10_000 }).toBe(n);
  return mailsAbout(text);
}
const tokenFor = (q: { id: number; validUntil: string }) => linkToken(app.context.deps.config, q);

beforeAll(async () => {
  app = await startMailingApp({ env: { ENQUIRIES_TO: 'enquiries@nursery.test', SALES_EMAIL: SALES } });
  items = await insertCatalogueItems(db(), [
    { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam <b>', form: 'Bare root', height: '60-90' },
    { genus: 'Fagus', species: 'sylvatica', common_name: 'Beech', form: 'Bare root', height: '40-60' },
  ]);
  await setStock(db(), items, 100_000);
});
afterAll(async () => {
  await app?.close();
});

describe('a signed-in buyer accepting their quotation', () => {
  it('makes the order, mails the buyer (Reply-To sales) and sales (Reply-To the buyer), and shows it in My orders', async () => {
    const client = await buyer();
    const email = await emailOf(client.userId);
    const q = await insertQuotation(db(), {
      userId: client.userId,
      email,
      name: 'Jo Landscaper',
      lines: [
        { catalogue_item_id: items[0]!, quantity: 250, unit_price_pence: 185 },
        { catalogue_item_id: items[1]!, quantity: 40, unit_price_pence: 320 },
      ],
    });
    const response = await client.post(`/api/quotations/${q.id}/accept`, acceptance({ po_number: 'PO <4471>' }));
    expect(response.status).toBe(201);
    const { id, reference } = response.body as { id: number; reference: string };
    expect(reference).toMatch(/^SO-\d{4}-\d{6}$/);

    const mails = await waitForMails(reference, 2);
    const toBuyer = mails.find((m) => m.to.includes(email))!;
    const toSales = mails.find((m) => m.to.includes(SALES))!;
    expect(toBuyer.replyTo).toBe(SALES);
    expect(toSales.replyTo).toBe(email);
    expect(toBuyer.subject).toBe(`Order ${reference} confirmed (your PO PO <4471>)`);
    const code = (await db()('catalogue_items').where({ id: items[0] }).first()).code as string;
    expect(toBuyer.text).toContain(`250 × ${code} Carpinus betulus (Hornbeam <b>), Bare root, 60-90 cm at £1.85 = £462.50`);
    for (const mail of [toBuyer, toSales]) {
      expect(mail.html).toContain('PO &lt;4471&gt;');
      expect(mail.html).not.toContain('<b>');
      expectTextSaysAllHtmlSays(
        mail,
        [
          reference,
          q.reference,
          '1 March 2098',
          `${code} Carpinus betulus (Hornbeam <b>)`,
          'Site office, Plot 4, Hothfield Road, Ashford, TN26 1AA',
          'TN26 1AA',
          '£462.50',
        ],
        ['Code', 'Plant', 'Form', 'Height', 'Quantity', 'Unit price', 'Line total'],
      );
    }

    const mine = await client.get('/api/orders');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toContain('private');
    expect(mine.body).toEqual({
      total: 1,
      results: [
        expect.objectContaining({
          id,
          reference,
          quotation_reference: q.reference,
          status: 'confirmed',
          line_count: 2,
          po_number: 'PO <4471>',
        }),
      ],
    });
    const detail = (await client.get(`/api/orders/${id}`)).body as OrderDetail;
    expect(detail.lines.map((l) => [l.genus, l.quantity, l.line_total_pence, l.reserved])).toEqual([
      ['Carpinus', 250, 46_250, true],
      ['Fagus', 40, 12_800, true],
    ]);
    expect(detail.history).toEqual([{ status: 'confirmed', note: '', created_at: expect.any(String) }]);
    expect(detail.next_statuses).toBeUndefined();
  });

  it('copies an order into the plant list, and lets no other buyer see or copy it', async () => {
    const client = await buyer();
    const q = await insertQuotation(db(), { userId: client.userId, lines: [{ catalogue_item_id: items[1]!, quantity: 12 }] });
    const { id } = (await client.post(`/api/quotations/${q.id}/accept`, acceptance())).body as { id: number };

    const other = await buyer();
    expect((await other.get(`/api/orders/${id}`)).status).toBe(404);
    expect((await other.post(`/api/orders/${id}/copy`)).status).toBe(404);
    expect((await other.get('/api/orders')).body).toEqual({ results: [], total: 0 });
    expect(await db()('plant_list_lines').where({ user_id: other.userId })).toEqual([]);

    const copied = await client.post(`/api/orders/${id}/copy`);
    expect(copied.status).toBe(200);
    expect(copied.body.copied).toEqual({ added: [{ line_id: expect.any(Number), quantity: 12 }], merged: [], skipped: [] });
    expect(copied.body.list.lines.map((l: { catalogue_item_id: number; quantity: number }) => [l.catalogue_item_id, l.quantity])).toEqual([
      [items[1], 12],
    ]);
  });

  it('copies an order into a new list named after it (again: a second list), and refuses a bad body', async () => {
    const client = await buyer();
    const q = await insertQuotation(db(), {
      userId: client.userId,
      lines: [
        { catalogue_item_id: items[0]!, quantity: 30 },
        { catalogue_item_id: items[1]!, quantity: 8 },
      ],
    });
    const { id, reference } = (await client.post(`/api/quotations/${q.id}/accept`, acceptance())).body as { id: number; reference: string };
    // Already on the default list: the new list does not merge with it.
    await client.post(`/api/orders/${id}/copy`);

    const other = await buyer();
    expect((await other.post(`/api/orders/${id}/copy`, { new_list: true })).status).toBe(404);
    expect(await db()('plant_lists').where({ user_id: other.userId })).toEqual([]);
    const refused = await client.post(`/api/orders/${id}/copy`, { new_list: 'yes' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: 'The new list field must be true or false.',
      errors: { new_list: ['The new list field must be true or false.'] },
    });

    const listsBefore = await db()('plant_lists').where({ user_id: client.userId }).count({ n: '*' }).first();
    const copied = await client.post(`/api/orders/${id}/copy`, { new_list: true });
    expect(copied.status).toBe(200);
    expect(copied.body.new_list).toEqual({ id: expect.any(Number), name: `Order ${reference}` });
    expect(copied.body.copied.added.map((l: { quantity: number }) => l.quantity)).toEqual([30, 8]);
    expect(copied.body.copied.merged).toEqual([]);
    // The new list is the buyer's default now: the answer's list is it.
    expect(copied.body.list.lines.map((l: { catalogue_item_id: number; quantity: number }) => [l.catalogue_item_id, l.quantity])).toEqual([
      [items[0], 30],
      [items[1], 8],
    ]);
    const again = await client.post(`/api/orders/${id}/copy`, { new_list: true });
    expect(again.body.new_list.name).toBe(`Order ${reference} (2)`);
    const lists = await db()('plant_lists').where({ user_id: client.userId }).orderBy('id').pluck('name');
    expect(lists.length).toBe(Number(listsBefore!.n) + 2);
    expect(lists.slice(-2)).toEqual([`Order ${reference}`, `Order ${reference} (2)`]);
    const stored = await db()('plant_list_lines')
      .where({ plant_list_id: copied.body.new_list.id })
      .orderBy('catalogue_item_id')
      .pluck('quantity');
    expect(stored).toEqual([30, 8]);
  });

  it('says a copied line is merged only when it is on the list it goes to (the default), not on another list', async () => {
    const client = await buyer();
    const q = await insertQuotation(db(), { userId: client.userId, lines: [{ catalogue_item_id: items[1]!, quantity: 12 }] });
    const { id } = (await client.post(`/api/quotations/${q.id}/accept`, acceptance())).body as { id: number };
    await client.post(`/api/orders/${id}/copy`);
    // A new, empty list becomes the default; the first list keeps its 12.
    expect((await client.post('/api/plant-lists', { name: 'Second site', lines: [] })).status).toBe(201);
    const copied = await client.post(`/api/orders/${id}/copy`);
    expect(copied.body.copied).toEqual({ added: [{ line_id: expect.any(Number), quantity: 12 }], merged: [], skipped: [] });
    expect(copied.body.list.lines.map((l: { quantity: number }) => l.quantity)).toEqual([12]);
  });

  it('answers 409 naming the line that is short of stock, and stores nothing', async () => {
    const [scarce] = await insertCatalogueItems(db(), [{ genus: 'Taxus', species: 'baccata', form: 'Rootball', height: '125-150' }]);
    await setStock(db(), [scarce!], 40);
    const client = await buyer();
    const q = await insertQuotation(db(), { userId: client.userId, lines: [{ catalogue_item_id: scarce!, quantity: 41 }] });
    const before = await count('orders');
    const response = await client.post(`/api/quotations/${q.id}/accept`, acceptance());
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: 'Taxus baccata Rootball 125-150: only 40 available',
      errors: { 'lines.0': ['Taxus baccata Rootball 125-150: only 40 available'] },
    });
    expect(await count('orders')).toBe(before);
  });

  it.each([
    [{ po_number: '' }, { po_number: ['The PO number field is required.'] }],
    [{ delivery_postcode: 'nowhere' }, { delivery_postcode: ['The delivery postcode field must be a valid UK postcode.'] }],
    [{ wanted_by: '2020-01-01' }, { wanted_by: ['The wanted by date must be today or later.'] }],
    [{ wanted_by: '2098-02-30' }, { wanted_by: ['The wanted by field must be a date (YYYY-MM-DD).'] }],
    [{ wanted_by: undefined }, { wanted_by: ['The wanted by field is required.'] }],
    [
      { delivery_address: 'x'.repeat(1001) },
      { delivery_address: ['The delivery address field must not be greater than 1000 characters.'] },
    ],
  ])('refuses %o with a 422 and stores nothing', async (overrides, errors) => {
    const client = await buyer();
    const q = await insertQuotation(db(), { userId: client.userId, lines: [{ catalogue_item_id: items[0]!, quantity: 1 }] });
    const before = await count('orders');
    const response = await client.post(`/api/quotations/${q.id}/accept`, acceptance(overrides));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
    expect(await count('orders')).toBe(before);
    expect((await db()('quotations').where({ id: q.id }).first()).status).toBe('sent');
  });

  it('answers 419 without the CSRF header, and 404 for another buyer, storing nothing', async () => {
    const client = await buyer();
    const q = await insertQuotation(db(), { userId: client.userId, lines: [{ catalogue_item_id: items[0]!, quantity: 1 }] });
    const before = await count('orders');
    expect((await client.post(`/api/quotations/${q.id}/accept`, acceptance(), { csrf: false })).status).toBe(419);
    expect((await client.post(`/api/quotations/${q.id}/decline`, { reason: 'No' }, { csrf: false })).status).toBe(419);
    const other = await buyer();
    expect((await other.post(`/api/quotations/${q.id}/accept`, acceptance())).status).toBe(404);
    expect((await other.post(`/api/quotations/${q.id}/decline`, { reason: 'No' })).status).toBe(404);
    expect((await other.post('/api/quotations/99999999/accept', acceptance())).status).toBe(404);
    expect((await other.post('/api/quotations/abc/accept', acceptance())).status).toBe(404);
    expect(await count('orders')).toBe(before);
    expect((await db()('quotations').where({ id: q.id }).first()).status).toBe('sent');
  });
});

describe('a guest with the quotation link', () => {
  it('accepts with the token and may view the order through the same link; a guessed token is a 404', async () => {
    const q = await insertQuotation(db(), {
      userId: null,
      email: 'guest@example.com',
      lines: [{ catalogue_item_id: items[0]!, quantity: 5 }],
    });
    const guest = await app.visitor().csrf();
    expect((await guest.post(`/api/quotations/${q.id}/accept`, acceptance())).status).toBe(401);
    expect((await guest.post(`/api/quotations/${q.id}/accept`, acceptance({ token: 'f'.repeat(64) }))).status).toBe(404);
    const other = await insertQuotation(db(), { userId: null, lines: [{ catalogue_item_id: items[0]!, quantity: 5 }] });
    // Another quotation's genuine token opens only that one.
    expect((await guest.post(`/api/quotations/${q.id}/accept`, acceptance({ token: tokenFor(other) }))).status).toBe(404);

    const response = await guest.post(`/api/quotations/${q.id}/accept`, acceptance({ token: tokenFor(q) }));
    expect(response.status).toBe(201);
    const { id, reference } = response.body as { id: number; reference: string };
    const [mail] = (await waitForMails(reference, 2)).filter((m) => m.to.includes('guest@example.com'));
    expect(mail!.replyTo).toBe(SALES);

    expect((await guest.get(`/api/orders/${id}`)).status).toBe(401);
    expect((await guest.get(`/api/orders/${id}?token=${'0'.repeat(64)}`)).status).toBe(404);
    expect((await guest.get(`/api/orders/${id}?token=${tokenFor(other)}`)).status).toBe(404);
    const view = await guest.get(`/api/orders/${id}?token=${tokenFor(q)}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ reference, status: 'confirmed', email: 'guest@example.com' });
    // Accepting again through the link: one order.
    const again = await guest.post(`/api/quotations/${q.id}/accept`, acceptance({ token: tokenFor(q) }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This quotation has already been accepted.' });
  });

  it('declines with a reason: sales are mailed the reason, with Reply-To the buyer', async () => {
    const q = await insertQuotation(db(), {
      userId: null,
      email: 'decliner@example.com',
      name: 'Sam',
      lines: [{ catalogue_item_id: items[0]!, quantity: 5 }],
    });
    const guest = await app.visitor().csrf();
    const bad = await guest.post(`/api/quotations/${q.id}/decline`, { reason: '  ', token: tokenFor(q) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ reason: ['The reason field is required.'] });
    const response = await guest.post(`/api/quotations/${q.id}/decline`, { reason: 'Prices <too> high', token: tokenFor(q) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: q.id, status: 'declined' });
    const [mail] = await waitForMails(`Quotation ${q.reference} declined`, 1);
    expect(mail!.to).toEqual([SALES]);
    expect(mail!.replyTo).toBe('decliner@example.com');
    expect(mail!.html).toContain('Prices &lt;too&gt; high');
    expectTextSaysAllHtmlSays(mail!, [q.reference, 'Prices <too> high', 'decliner@example.com']);
  });
});

describe('the expiry sweep', () => {
  it('marks a quotation past its date expired and mails the buyer, with the date in en-GB', async () => {
    const q = await insertQuotation(db(), {
      userId: null,
      email: 'late@example.com',
      validUntil: '2026-01-15',
      lines: [{ catalogue_item_id: items[0]!, quantity: 5 }],
    });
    await housekeepingProcessors(app.context.deps, app.context.services)['quotations.expire']({}, { attempt: 1, lastAttempt: false });
    expect((await db()('quotations').where({ id: q.id }).first()).status).toBe('expired');
    const [mail] = await waitForMails(`Your quotation ${q.reference} has expired`, 1);
    expect(mail!.to).toEqual(['late@example.com']);
    expect(mail!.replyTo).toBe(SALES);
    expectTextSaysAllHtmlSays(mail!, [q.reference, '15 January 2026']);
    const guest = await app.visitor().csrf();
    const refused = await guest.post(`/api/quotations/${q.id}/accept`, acceptance({ token: tokenFor(q) }));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'This quotation expired on 15 January 2026: ask us for a new one.' });
  });
});
