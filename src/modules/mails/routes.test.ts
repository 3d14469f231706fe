import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/admin.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { waitUntil } from '../../../test/wait.ts';

/**
 * A mail refused for good (a 5xx to RCPT TO) is given up, shown to the admin with the server's
 * reply and counted on the dashboard; Resend makes it owed again and sends it, once. Real SMTP
 * server, BullMQ mail workers, PostgreSQL.
 */
let app: MailingApp;
let admin: TestClient;
const bounce = `bounce.${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startMailingApp();
  admin = await signedIn({ client: () => app.visitor() }, app.context.deps, { role: 'admin' });
});
afterAll(async () => {
  await app?.close();
});

const refusedList = async () => (await admin.get('/api/admin/mails?status=refused')).body;
const mailsTo = (address: string) => app.smtp.messages.filter((m) => m.to.includes(address));

describe('a mail refused for good', () => {
  let id: number;

  it('is given up at once, with the server’s reply, in the admin’s list and on the dashboard', async () => {
    app.smtp.refuseRecipient(bounce);
    const client = await app.visitor().csrf();
    const password = 'hawthorn-40-60';
    const registered = await client.post('/register', {
      firstname: 'Bo',
      lastname: 'Unce',
      email: bounce,
      password,
      password_confirmation: password,
    });
    expect(registered.status).toBe(201);

    await waitUntil(async () => (await refusedList()).total === 1, 10_000, 'the refusal');
    const list = await refusedList();
    expect(list.results).toEqual([
      {
        id: expect.any(Number),
        kind: 'account.verify-email',
        status: 'refused',
        recipient: bounce,
        subject: 'Verify your email address',
        attempts: 1, // a permanent refusal is not retried
        last_error: expect.stringMatching(/^550 5\.1\.1 .*no such mailbox/),
        created_at: expect.stringMatching(/Z$/),
        sent_at: null,
        refused_at: expect.stringMatching(/Z$/),
      },
    ]);
    id = list.results[0].id;
    expect((await admin.get('/api/admin/stats')).body.mails).toEqual({ owed: 0, refused: 1 });
    // The recovery leaves it alone: it is the admin's now.
    expect(await app.context.services.adminStats.stats()).toMatchObject({ mails: { owed: 0, refused: 1 } });
    expect(mailsTo(bounce)).toHaveLength(0);
  });

  it('is sent once by Resend (with CSRF), and a second Resend sends nothing', async () => {
    expect((await admin.request('POST', `/api/admin/mails/${id}/resend`, { csrf: false })).status).toBe(419);
    expect((await refusedList()).total).toBe(1);

    app.smtp.acceptRecipient(bounce); // the buyer fixed their mailbox
    const resent = await admin.post(`/api/admin/mails/${id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id, status: 'owed', attempts: 0, refused_at: null });
    await waitUntil(async () => mailsTo(bounce).length === 1, 10_000, 'the resent mail');

    const again = await admin.post(`/api/admin/mails/${id}/resend`);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ status: ['Only a refused mail can be resent.'] });
    expect((await admin.post('/api/admin/mails/999999/resend')).status).toBe(404);

    const sent = (await admin.get('/api/admin/mails?status=sent')).body.results.find((mail: { id: number }) => mail.id === id);
    expect(sent).toMatchObject({ status: 'sent', recipient: bounce, last_error: null, sent_at: expect.stringMatching(/Z$/) });
    expect((await admin.get('/api/admin/stats')).body.mails).toEqual({ owed: 0, refused: 0 });
    expect(mailsTo(bounce)).toHaveLength(1);
  });

  it('refuses a bad status filter with a 422', async () => {
    const response = await admin.get('/api/admin/mails?status=lost');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ status: ['The selected status is invalid.'] });
  });
});
