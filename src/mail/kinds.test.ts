import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/auth.ts';
import { insertContactMessage } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp.ts';

/**
 * Account mails (verification, password reset) go out while a backlog of enquiry mails is stuck:
 * the SMTP server keeps every enquiry hanging, so on a shared queue the account mail would wait
 * behind them for as long as the backlog lasts.
 */
let context: TestContext;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ env: { SMTP_URL: smtp.url, ENQUIRIES_TO: 'sales@nursery.test', WORKER_CONCURRENCY: '2' } });
});
afterAll(async () => {
  smtp?.release();
  await context?.close();
  await smtp?.close();
});

describe('mail queues', () => {
  it('sends a verification mail at once while a backlog of contact mails is waiting', async () => {
    smtp.hold('sales@nursery.test');
    for (let i = 0; i < 12; i++) {
      const enquiry = await insertContactMessage(context.deps.db, { name: `Backlog ${i}` });
      await context.deps.events.record(context.deps.db, 'contact.received', { id: enquiry.id });
    }
    const { user } = await insertUser(context.deps, { verified: false });
    await context.deps.events.record(context.deps.db, 'user.registered', { userId: user.id });
    await context.deps.relay.idle();
    context.startWorkers(); // every queue, as the worker process runs them

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([user.email]);
    // The enquiries are still held: the account mail did not wait for them.
    expect(await context.deps.db('contact_messages').whereNotNull('emailed_at').count({ n: '*' }).first()).toEqual({ n: '0' });

    smtp.release();
    await expect.poll(() => context.services.contact.unsentCount(), { timeout: 10_000 }).toBe(0);
  });
});
