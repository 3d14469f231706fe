import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import { requeueDueMails } from '../../outbox/mail-recovery.ts';

let app: MailingApp;
let smtp: MailingApp['smtp'];
let context: MailingApp['context'];

const valid = {
  name: 'Jo Landscaper <b>',
  telephone: '01233 555 123',
  email: 'jo@example.com',
  message: 'Please quote 500 Crataegus monogyna 40-60 bare root.\n<script>alert(1)</script>',
};

/** A visitor with the CSRF cookie, from an IP of its own. */
const visitor = () => app.visitor().csrf();

beforeAll(async () => {
  app = await startMailingApp({ env: { ENQUIRIES_TO: 'sales@nursery.test' } });
  ({ smtp, context } = app);
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/contact', () => {
  it('stores a valid message, answers 201 and mails it to the sales inbox, escaped', async () => {
    const client = await visitor();
    const response = await client.post('/api/contact', valid);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Your message was sent successfully' });

    const row = await context.deps.db('contact_messages').orderBy('id', 'desc').first();
    expect(row).toMatchObject({ name: valid.name, email: valid.email, message: valid.message });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['sales@nursery.test']);
    expect(mail!.replyTo).toBe('jo@example.com');
    expect(mail!.text).toContain('Crataegus monogyna');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<b>');

    await expect
      .poll(async () => (await context.deps.db('contact_messages').where({ id: row.id }).first()).emailed_at, { timeout: 5000 })
      .not.toBeNull();
  });

  it('answers 422 with a list per field and the first message in `message`', async () => {
    const client = await visitor();
    const response = await client.post('/api/contact', { name: '', telephone: 'abc', email: 'not-an-email' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: ['The name field is required.'],
      telephone: ['The telephone field must be a valid telephone number.'],
      email: ['The email field must be a valid email address.'],
      message: ['The message field is required.'],
    });
    expect(response.body.message).toBe('The name field is required. (and 3 more errors)');
  });

  it('answers 419 without the CSRF header and stores nothing', async () => {
    const before = await context.deps.db('contact_messages').count({ n: '*' }).first();
    const client = await visitor();
    const response = await client.post('/api/contact', valid, { csrf: false });
    expect(response.status).toBe(419);
    expect(await context.deps.db('contact_messages').count({ n: '*' }).first()).toEqual(before);
  });

  it('answers the sixth message in a minute from one IP with 429 and Retry-After', async () => {
    const client = await visitor();
    for (let i = 0; i < 5; i++) expect((await client.post('/api/contact', valid)).status).toBe(201);
    const sixth = await client.post('/api/contact', valid);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sixth.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);

    const other = await visitor();
    expect((await other.post('/api/contact', valid)).status).toBe(201);
  });

  it('keeps the enquiry when SMTP fails and delivers it on retry, once', async () => {
    // Earlier tests' enquiries must all be delivered first, or one of them would take the failure.
    const unsent = async () => Number((await context.deps.db('contact_messages').whereNull('emailed_at').count({ n: '*' }).first())!.n);
    await expect.poll(unsent, { timeout: 10_000 }).toBe(0);
    const settled = smtp.messages.length;
    smtp.failNext(1);
    const client = await visitor();
    expect((await client.post('/api/contact', { ...valid, name: 'Retry Test' })).status).toBe(201);
    const row = await context.deps.db('contact_messages').where({ name: 'Retry Test' }).first();
    const stored = () => context.deps.db('contact_messages').where({ id: row.id }).first();
    const mail = () =>
      context.deps.db('mails').where({ kind: 'contact.enquiry' }).whereRaw("(params->>'enquiryId')::int = ?", [row.id]).first();
    await expect.poll(async () => (await mail()).last_error, { timeout: 10_000 }).toMatch(/451/);
    // The mail's row holds the retry time; once it is due, the mail recovery queues it again.
    const retryAt: Date = (await mail()).next_attempt_at;
    context.deps.now = () => retryAt;
    try {
      expect(await requeueDueMails(context.deps)).toBe(1);
      await expect.poll(async () => (await stored()).emailed_at, { timeout: 10_000 }).not.toBeNull();
    } finally {
      context.deps.now = () => new Date();
    }
    const delivered = smtp.messages.slice(settled).filter((m) => m.subject.includes('Retry Test'));
    expect(delivered).toHaveLength(1);
    expect(await mail()).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });
});
