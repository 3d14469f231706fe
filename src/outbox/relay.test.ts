import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { jobsFor } from '../subscribers.ts';
import { createRelay } from './relay.ts';

// Real PostgreSQL and Redis; no worker runs, so published jobs stay in their queues to be counted.
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context?.close();
});

const unpublished = async () => Number((await context.deps.db('events').whereNull('published_at').count({ n: '*' }).first())!.n);
const queued = async (queue: string) => {
  const q = context.deps.queue.bullQueues!().find((b) => b.name === queue)!;
  return q.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
};

describe('the outbox relay', () => {
  it('publishes an event recorded in a committed transaction, and none from a rolled-back one', async () => {
    const { db, events } = context.deps;
    await db
      .transaction(async (trx) => {
        await events.record(trx, 'catalogue.changed', { reason: 'rolled back' });
        throw new Error('the change failed');
      })
      .catch(() => {});
    await db.transaction((trx) => events.record(trx, 'catalogue.changed', { reason: 'committed' }));
    await context.deps.relay.idle();
    await context.deps.relay.publishPending();

    const jobs = await queued('catalogue');
    expect(jobs.map((j) => j.data.payload)).toEqual([{ reason: 'committed' }]);
    const [row] = await db('events').where({ name: 'catalogue.changed' }).select('id', 'published_at', 'attempts');
    expect(row).toMatchObject({ attempts: 1 });
    expect(row.published_at).toBeInstanceOf(Date);
    expect(jobs[0]!.id).toBe(`e${row.id}-catalogue-render`);
    // The render waits out its delay in the queue; the coalescing test below needs it gone.
    await context.deps.queue.bullQueues!()
      .find((q) => q.name === 'catalogue')!
      .obliterate({ force: true });
  });

  it('records the mails an event owes with it, and publishes one job per mail on its queue', async () => {
    const { db, events } = context.deps;
    await db
      .transaction(async (trx) => {
        await events.record(trx, 'quote.requested', { id: 800001 });
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await db('mails').count({ n: '*' }).first()).toEqual({ n: '0' }); // rolled back with its cause
    await db.transaction((trx) => events.record(trx, 'quote.requested', { id: 800002 }));
    await events.record(db, 'user.registered', { userId: 800003 }); // outside a transaction: one of its own
    await context.deps.relay.idle();
    await context.deps.relay.publishPending();

    const mails = await db('mails').orderBy('id').select('id', 'kind', 'params', 'status', 'cause_key');
    const [quoted, registered] = await db('events').whereIn('name', ['quote.requested', 'user.registered']).orderBy('id').select('id');
    expect(mails).toEqual([
      {
        id: expect.anything(),
        kind: 'quote.sales',
        params: { quoteId: 800002 },
        status: 'owed',
        cause_key: `event:${quoted.id}:quote.sales`,
      },
      {
        id: expect.anything(),
        kind: 'quote.confirmation',
        params: { quoteId: 800002 },
        status: 'owed',
        cause_key: `event:${quoted.id}:quote.confirmation`,
      },
      {
        id: expect.anything(),
        kind: 'account.verify-email',
        params: { userId: 800003 },
        status: 'owed',
        cause_key: `event:${registered.id}:account.verify-email`,
      },
    ]);
    const [sales, confirmation, verification] = mails.map((mail) => ({ id: Number(mail.id) }));
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect((await queued('mail')).map((j) => j.data.payload).sort(byId)).toEqual([sales, confirmation]);
    expect((await queued('account-mail')).map((j) => j.data.payload)).toEqual([verification]);
    expect((await queued('mail')).map((j) => j.name)).toEqual(['mail.deliver', 'mail.deliver']);
  });

  it('adds each job once when several relays publish the same events at once, and again after a lost commit', async () => {
    const { db, events, queue, log } = context.deps;
    await events.recordMany(
      db,
      'gallery_image.uploaded',
      Array.from({ length: 450 }, (_, i) => ({ imageId: 100_000 + i })),
    );
    const relays = Array.from({ length: 3 }, () => createRelay({ db, queue, log, jobsFor: (e) => jobsFor(e, context.deps.config) }));
    await Promise.all(relays.map((r) => r.publishPending()));
    await context.deps.relay.idle();
    expect(await unpublished()).toBe(0);
    expect(await queued('images')).toHaveLength(450);

    // A relay that added the jobs but died before its commit: the events go out again, and BullMQ
    // ignores the jobs it already holds.
    await db('events').where({ name: 'gallery_image.uploaded' }).update({ published_at: null });
    await relays[0]!.publishPending();
    expect(await queued('images')).toHaveLength(450);
    expect(await unpublished()).toBe(0);
  });

  it('coalesces a burst of catalogue edits into one delayed render', async () => {
    const { db, events } = context.deps;
    for (let i = 0; i < 10; i++) await events.record(db, 'catalogue.changed', { reason: `edit ${i}` });
    await context.deps.relay.idle();
    await context.deps.relay.publishPending();
    const renders = await queued('catalogue');
    expect(renders).toHaveLength(1);
    expect(renders[0]!.data.payload).toEqual({ reason: 'edit 0' });
  });
});
