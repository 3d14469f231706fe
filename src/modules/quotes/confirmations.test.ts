import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueueIdle } from '../../../test/quote-requests.ts';
import { insertUser, logIn } from '../../../test/auth.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';

/**
 * The guest quote form mails a confirmation to whatever address it is given (issue 18, item 6):
 * at most QUOTE_CONFIRMATIONS_PER_HOUR (3) to one address an hour, and to an address that is not
 * the signed-in sender's own verified one, nothing typed into the form is repeated. The requests
 * are stored and sales is mailed every time.
 */
let app: MailingApp;
let line: number;
const db = () => app.context.deps.db;
const SPAM = 'Claim your prize at http://evil.example/win';

beforeAll(async () => {
  app = await startMailingApp({ env: { ENQUIRIES_TO: 'sales@nursery.test', CONTACT_PER_MINUTE: '30' } });
  line = (await insertCatalogueItems(db(), [{ genus: 'Crataegus', species: 'monogyna', common_name: 'Hawthorn' }]))[0]!;
});
afterAll(async () => {
  await app?.close();
});

const request = (email: string) => ({
  lines: [{ catalogue_item_id: line, quantity: 250 }],
  delivery_postcode: 'TN27 9AA',
  notes: SPAM,
  name: SPAM,
  company: 'Prize Desk http://evil.example',
  email,
  telephone: '01233 555 123',
});

describe('quote request confirmations', () => {
  it('mails one address at most 3 confirmations an hour, without repeating the form; every request is stored and reaches sales', async () => {
    const victim = `victim.${Date.now()}@Example.com`;
    const references: string[] = [];
    for (let i = 0; i < 5; i++) {
      // Each from an address of its own: the per-IP limit is not what stops this.
      const response = await (await app.visitor().csrf()).post('/api/quote-requests', request(i % 2 ? victim.toLowerCase() : victim));
      expect(response.status).toBe(201);
      references.push(response.body.reference);
    }
    const toSales = () =>
      app.smtp.messages.filter((m) => m.to.includes('sales@nursery.test') && references.some((r) => m.subject.includes(r)));
    await expect.poll(() => toSales().length, { timeout: 15_000 }).toBe(5);
    const toVictim = () => app.smtp.messages.filter((m) => m.to.some((to) => to.toLowerCase() === victim.toLowerCase()));
    await expect.poll(() => mailQueueIdle(app), { timeout: 15_000, interval: 20 }).toBe(true);
    expect(toVictim()).toHaveLength(3);
    expect(await db()('quote_requests').whereRaw('lower(email) = ?', [victim.toLowerCase()]).count({ n: '*' }).first()).toEqual({ n: '5' });

    for (const mail of toVictim()) {
      const reference = references.find((r) => mail.subject.includes(r))!;
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('Claim your prize');
        expect(part).not.toContain('01233 555 123');
        expect(part).toContain(reference);
        expect(part).toContain('monogyna');
        expect(part).toContain('250');
      }
      expect(mail.text).toMatch(/250 × \S+ Crataegus monogyna \(Hawthorn\)/);
      expect(mail.text).toContain('If you did not ask us for a quotation, you can ignore this email.');
    }
    // Sales still sees everything the form said.
    expect(toSales()[0]!.text).toContain(SPAM);
  });

  it("repeats the form's details in a confirmation to the signed-in sender's own verified address", async () => {
    const { email, password } = await insertUser(app.context.deps);
    const client = app.visitor();
    await logIn(client, email, password);
    const response = await client.post('/api/quote-requests', { ...request(email), notes: 'Deliver to the back gate', name: 'Jo Hedges' });
    expect(response.status).toBe(201);
    const mine = () => app.smtp.messages.find((m) => m.to.includes(email) && m.subject.includes(response.body.reference));
    await expect.poll(mine, { timeout: 15_000 }).toBeDefined();
    expect(mine()!.text).toContain('Thank you, Jo Hedges.');
    expect(mine()!.text).toContain('Deliver to the back gate');
  });
});
