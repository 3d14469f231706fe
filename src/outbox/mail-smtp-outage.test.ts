import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailingApp, type MailingApp } from '../../test/harness.ts';
import { copiesOf, expectEachExactlyOnce, makeEveryCauseOfMail, type ExpectedMail } from '../../test/mail-causes.ts';
import { MAX_RETRY_MS, retryDelayMs } from '../mail/backoff.ts';
import { deliverMail } from './mail-delivery.ts';
import { requeueDueMails } from './mail-recovery.ts';
import { buildMailBuilders } from '../mail-builders.ts';

/**
 * Every mail is owed until it is sent: an SMTP server that greets every session with 421 for eight
 * minutes while a registration, a password reset, a quote request and an enquiry are made. Time
 * moves on the injected clock (`deps.now`) and the recovery is run by hand at each step, so nothing
 * here waits for wall-clock time; mail goes through BullMQ workers to a real SMTP server.
 */
let app: MailingApp;
let clock: Date;

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const owedMails = () => app.context.deps.db('mails').where({ status: 'owed' }).orderBy('id');

/** Nothing waiting or running on any queue: every job queued so far has finished. */
async function queuesIdle(): Promise<boolean> {
  const counts = await Promise.all(
    app.context.deps.queue.bullQueues!().map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
  );
  return counts.every((c) => Object.values(c).every((n) => n === 0));
}
/** Runs the recovery (the `mail.recover` housekeeping job) and waits until every job it queued has run. */
async function recover(): Promise<number> {
  const queued = await requeueDueMails(app.context.deps);
  await app.context.deps.relay.idle();
  await expect.poll(queuesIdle, { timeout: 10_000, interval: 20 }).toBe(true);
  return queued;
}

beforeAll(async () => {
  app = await startMailingApp({ env: { ENQUIRIES_TO: 'sales@nursery.test', CONTACT_PER_MINUTE: '100' } });
  clock = new Date();
  app.context.deps.now = () => clock;
});
afterAll(async () => {
  await app?.close();
});

describe('SMTP refusing every session for eight minutes', () => {
  let expected: ExpectedMail[];

  it('keeps every mail owed and retries each with capped backoff for the whole outage', async () => {
    app.smtp.goDown();
    expected = await makeEveryCauseOfMail(app, `outage${Date.now()}`);
    await app.context.deps.relay.idle();
    await expect.poll(queuesIdle, { timeout: 10_000, interval: 20 }).toBe(true); // each first attempt refused

    const owed = await owedMails();
    expect(owed.map((mail) => mail.kind).sort()).toEqual([
      'account.reset-password',
      'account.verify-email',
      'contact.enquiry',
      'quote.confirmation',
      'quote.sales',
    ]);
    const attemptsAt = new Map<number, number[]>(owed.map((mail) => [Number(mail.id), []]));
    const outageEnds = clock.getTime() + 8 * 60_000;
    while (clock.getTime() < outageEnds) {
      const before = new Map((await owedMails()).map((mail) => [Number(mail.id), mail.attempts as number]));
      await recover();
      for (const mail of await owedMails()) {
        if (mail.attempts > before.get(Number(mail.id))!) {
          attemptsAt.get(Number(mail.id))!.push(clock.getTime());
          // The schedule is on the row: the next attempt waits the backoff for this many failures.
          expect(mail.next_attempt_at.getTime() - clock.getTime()).toBe(retryDelayMs(mail.attempts));
          expect(mail.last_error).toMatch(/421/);
        }
      }
      advance(5_000);
    }

    expect(app.smtp.messages).toHaveLength(0);
    expect(await owedMails()).toHaveLength(5); // none given up
    for (const times of attemptsAt.values()) {
      // Retries never stopped during the outage; their spacing grew but stayed within the cap.
      expect(times.length).toBeGreaterThanOrEqual(5);
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      for (const gap of gaps) expect(gap).toBeLessThanOrEqual(MAX_RETRY_MS + 5_000);
      expect(gaps.at(-1)!).toBeGreaterThan(gaps[0]!);
    }
    const stats = await app.context.services.adminStats.stats();
    expect(stats.mails).toEqual({ owed: 5, refused: 0 });
  });

  it('delivers each mail exactly once after the server comes back', async () => {
    app.smtp.comeBack();
    for (let step = 0; step < 80 && (await owedMails()).length > 0; step++) {
      await recover();
      advance(5_000);
    }
    expect(await owedMails()).toHaveLength(0);
    expectEachExactlyOnce(app.smtp.messages, expected);

    // Another recovery, a re-published event and a duplicate delivery of every mail find nothing owed.
    advance(MAX_RETRY_MS);
    expect(await recover()).toBe(0);
    await app.context.deps.db('events').update({ published_at: null });
    await app.context.deps.relay.publishPending();
    await expect.poll(queuesIdle, { timeout: 10_000, interval: 20 }).toBe(true);
    const builders = buildMailBuilders(app.context.deps, app.context.services);
    for (const { id } of await app.context.deps.db('mails').select('id')) await deliverMail(app.context.deps, builders, Number(id));
    expectEachExactlyOnce(app.smtp.messages, expected);
    expect((await app.context.services.adminStats.stats()).mails).toEqual({ owed: 0, refused: 0 });
  });
});

describe('two deliveries of one mail at once', () => {
  it('send it once', async () => {
    const [expectedEnquiry] = (await makeEveryCauseOfMail(app, `race${Date.now()}`)).slice(-1);
    const enquiry = await app.context.deps.db('mails').where({ kind: 'contact.enquiry' }).orderBy('id', 'desc').first();
    const builders = buildMailBuilders(app.context.deps, app.context.services);
    await Promise.all([1, 2, 3].map(() => deliverMail(app.context.deps, builders, Number(enquiry.id))));
    await expect.poll(queuesIdle, { timeout: 10_000, interval: 20 }).toBe(true);
    expect(copiesOf(app.smtp.messages, expectedEnquiry!)).toBe(1);
  });
});
