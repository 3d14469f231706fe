import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailingApp, type MailingApp } from '../../test/harness.ts';
import { expectEachExactlyOnce, makeEveryCauseOfMail } from '../../test/mail-causes.ts';
import { ownRedis } from '../../test/redis-server.ts';
import { waitUntil } from '../../test/wait.ts';
import { requeueDueMails } from './mail-recovery.ts';

/**
 * Every mail survives a Redis that restarts empty (no persistence, or a failover) while the mails'
 * jobs are queued: the rows in PostgreSQL are the record, and the recovery queues each again. The
 * Redis is this file's own (a redis-server on a free port); no mail worker runs until it is back.
 */
let redis: Awaited<ReturnType<typeof ownRedis>>;
let app: MailingApp;

beforeAll(async () => {
  redis = await ownRedis();
  app = await startMailingApp({
    mailWorkers: false,
    env: { REDIS_URL: redis.url, CONTACT_PER_MINUTE: '100', ENQUIRIES_TO: 'sales@nursery.test' },
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await redis?.stop();
});

const jobsWaiting = async () => {
  const counts = await Promise.all(app.context.deps.queue.bullQueues!().map((q) => q.getJobCounts('waiting')));
  return counts.reduce((sum, c) => sum + (c.waiting ?? 0), 0);
};

describe('Redis restarted empty with mails queued', () => {
  it('delivers each mail exactly once after it returns', async () => {
    const expected = await makeEveryCauseOfMail(app, `lost${Date.now()}`);
    await app.context.deps.relay.idle();
    expect(await jobsWaiting()).toBe(5); // published: the five mails' jobs are queued in Redis…

    await redis.stop();
    await redis.start();
    expect(await jobsWaiting()).toBe(0); // …and gone with it.

    app.context.startWorkers(['mail', 'account-mail']);
    // The recovery (housekeeping `mail.recover`, every 15 s) finds each mail owed and never tried.
    await waitUntil(async () => (await requeueDueMails(app.context.deps)) >= 0 && app.smtp.messages.length >= 5, 30_000, 'the five mails');
    // Further recoveries and a duplicate of every event find nothing more to send.
    await app.context.deps.relay.idle();
    expect(await requeueDueMails(app.context.deps)).toBe(0);
    await app.context.deps.db('events').update({ published_at: null });
    await app.context.deps.relay.publishPending();
    await waitUntil(async () => (await jobsWaiting()) === 0, 10_000, 'queues drained');
    expectEachExactlyOnce(app.smtp.messages, expected);
    expect((await app.context.services.adminStats.stats()).mails).toEqual({ owed: 0, refused: 0 });
  }, 90_000);
});
