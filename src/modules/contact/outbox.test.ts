import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContactMessage } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp.ts';
import { MAX_RETRY_MS, retryDelayMs } from './backoff.ts';

/**
 * The contact outbox: an enquiry stays owed until it is mailed. SMTP refuses for a long outage,
 * then recovers; time moves on an injected clock and the sweep is run by hand at each step, so
 * nothing here waits for wall-clock time. Mail goes through BullMQ workers and a real SMTP server.
 */
let context: TestContext;
let smtp: SmtpCapture;
let clock: Date;

const row = (id: number) => context.deps.db('contact_messages').where({ id }).first();
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
/** Nothing waiting or running on any queue: every job queued so far has finished. */
async function queuesIdle(): Promise<boolean> {
  const counts = await Promise.all(
    context.deps.queue.bullQueues!().map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
  );
  return counts.every((c) => Object.values(c).every((n) => n === 0));
}
/** Runs the sweep and waits until every job it queued has run. */
async function sweep(): Promise<number> {
  const queued = await context.services.contact.requeueUnsent();
  await context.deps.relay.idle(); // the sweep's events are in the queues
  if (queued) await expect.poll(queuesIdle, { timeout: 10_000, interval: 20 }).toBe(true);
  return queued;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ env: { SMTP_URL: smtp.url, ENQUIRIES_TO: 'sales@nursery.test' } });
  clock = new Date('2026-11-23T09:00:00Z');
  context.deps.now = () => clock;
  context.startWorkers(['mail']);
});
afterAll(async () => {
  await context?.close();
  await smtp?.close();
});

describe('retryDelayMs', () => {
  it('doubles from 15 s and is capped, never giving up', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([15_000, 30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(6)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(500)).toBe(MAX_RETRY_MS);
  });
});

describe('the contact outbox', () => {
  it('keeps retrying through an 8-minute SMTP outage with capped backoff, then mails every enquiry once', async () => {
    smtp.failNext(1_000_000); // refuses everything until told otherwise
    // One enquiry from today, one long forgotten: stored two days ago, many failed attempts behind it.
    const fresh = await insertContactMessage(context.deps.db, { name: 'Fresh Enquiry' });
    const old = await insertContactMessage(context.deps.db, { name: 'Old Enquiry' });
    await context.deps
      .db('contact_messages')
      .where({ id: old.id })
      .update({
        created_at: new Date(clock.getTime() - 2 * 86_400_000),
        email_attempts: 25,
        email_error: 'Temporary failure',
      });

    const outageEnds = clock.getTime() + 8 * 60_000;
    const attemptsAt: number[] = [];
    while (clock.getTime() < outageEnds) {
      const before = (await row(fresh.id)).email_attempts;
      await sweep();
      const after = await row(fresh.id);
      if (after.email_attempts > before) {
        attemptsAt.push(clock.getTime());
        // The schedule is on the row: the next attempt waits the backoff for this many failures.
        expect(after.next_attempt_at.getTime() - clock.getTime()).toBe(retryDelayMs(after.email_attempts));
      }
      advance(5_000);
    }
    expect(smtp.messages).toHaveLength(0);
    // Retries never stopped during the outage, and their spacing grew but stayed within the cap.
    expect(attemptsAt.length).toBeGreaterThanOrEqual(6);
    const gaps = attemptsAt.slice(1).map((t, i) => t - attemptsAt[i]!);
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(MAX_RETRY_MS + 5_000);
    expect(gaps.at(-1)!).toBeGreaterThan(gaps[0]!);
    expect((await row(old.id)).email_attempts).toBeGreaterThan(25);

    smtp.failNext(0); // SMTP is back
    for (let step = 0; step < 80 && (await context.services.contact.unsentCount()) > 0; step++) {
      await sweep();
      advance(5_000);
    }
    expect(await context.services.contact.unsentCount()).toBe(0);
    for (const id of [fresh.id, old.id]) expect(await row(id)).toMatchObject({ email_error: null, next_attempt_at: null });

    // Further sweeps and a duplicate job find nothing owed: each enquiry went out exactly once.
    advance(MAX_RETRY_MS);
    expect(await sweep()).toBe(0);
    await context.services.contact.deliver(fresh.id);
    const subjects = smtp.messages.map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('Fresh Enquiry'))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes('Old Enquiry'))).toHaveLength(1);
  });

  it('never sends one enquiry twice when two deliveries race', async () => {
    const message = await insertContactMessage(context.deps.db, { name: 'Raced Enquiry' });
    await Promise.all([context.services.contact.deliver(message.id), context.services.contact.deliver(message.id)]);
    expect(smtp.messages.filter((m) => m.subject.includes('Raced Enquiry'))).toHaveLength(1);
    expect((await row(message.id)).email_attempts).toBe(1);
  });
});
