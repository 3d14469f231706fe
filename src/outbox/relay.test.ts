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
        await events.record(trx, 'contact.received', { id: 900001 });
        throw new Error('the change failed');
      })
      .catch(() => {});
    await db.transaction((trx) => events.record(trx, 'contact.received', { id: 900002 }));
    await context.deps.relay.idle();
    await context.deps.relay.publishPending();

    const jobs = await queued('mail');
    expect(jobs.map((j) => j.data.payload)).toEqual([{ id: 900002 }]);
    const [row] = await db('events').where({ name: 'contact.received' }).select('id', 'published_at', 'attempts');
    expect(row).toMatchObject({ attempts: 1 });
    expect(row.published_at).toBeInstanceOf(Date);
    expect(jobs[0]!.id).toBe(`e${row.id}-mail-contact`);
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
