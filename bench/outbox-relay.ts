import { Worker } from 'bullmq';
import type { AnyStoredEvent } from '../src/events.ts';
import { bullJobOptions, type JobEnvelope } from '../src/queue.ts';
import { jobsFor } from '../src/subscribers.ts';
import setupTemplate from '../test/global-setup.ts';
import { createTestContext } from '../test/harness.ts';

export interface RelayFigures {
  events: number;
  /** Events per second the relay publishes, and raw `addBulk` of the same jobs. */
  relayPerSecond: number;
  rawPerSecond: number;
  /** Commit → job start, ms: through the outbox, and a raw `add` → job start for reference. */
  p50: number;
  p95: number;
  rawP95: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * The outbox relay against raw BullMQ on the same Redis in the same run.
 * Throughput: `events` mail events (one owed enquiry mail each) published by `publishPending` (select, addBulk, stamp, in
 * batches) ÷ the same jobs added with `addBulk` in the same batch size, no database.
 * Latency: a worker on the mail queue notes when each job starts; the time from the recording
 * transaction's commit (the relay is kicked after commit) to that start, one event at a time.
 */
export async function benchOutboxRelay(events = 5000, samples = 200): Promise<RelayFigures> {
  await setupTemplate();
  const context = await createTestContext();
  const { db, relay, config } = context.deps;
  const mail = context.deps.queue.bullQueues!().find((q) => q.name === 'mail')!;
  try {
    // Raw baseline: the jobs the relay would add, straight to BullMQ.
    const due = (id: number) => ({ mails: [{ id, kind: 'contact.enquiry' as const }] });
    const fake = (id: number): AnyStoredEvent => ({ id: 10_000_000 + id, name: 'mail.due', payload: due(id), requestId: null });
    const jobs = Array.from({ length: events }, (_, i) => jobsFor(fake(i), config)[0]!);
    let started = performance.now();
    for (let i = 0; i < jobs.length; i += 200) {
      await mail.addBulk(
        jobs.slice(i, i + 200).map((job) => ({
          name: job.name,
          data: { payload: job.data, eventId: job.eventId } satisfies JobEnvelope,
          opts: bullJobOptions(job),
        })),
      );
    }
    const rawSeconds = (performance.now() - started) / 1000;
    await mail.obliterate({ force: true });

    await db('events').insert(
      Array.from({ length: events }, (_, i) => ({ name: 'mail.due', payload: JSON.stringify(due(20_000_000 + i)) })),
    );
    await relay.idle();
    started = performance.now();
    const published = await relay.publishPending();
    const relaySeconds = (performance.now() - started) / 1000;
    if (published !== events) throw new Error(`relay published ${published} of ${events}`);
    await mail.obliterate({ force: true });

    // Latency: one worker, starts noted by enquiry id.
    const startedAt = new Map<number, number>();
    const worker = new Worker(
      'mail',
      async (job) => {
        startedAt.set((job.data as JobEnvelope<'mail.deliver'>).payload.id, performance.now());
      },
      { connection: { url: config.redisUrl!, maxRetriesPerRequest: null }, prefix: config.redisPrefix, concurrency: 4 },
    );
    await worker.waitUntilReady();
    const waitFor = async (id: number) => {
      while (!startedAt.has(id)) await new Promise((resolve) => setTimeout(resolve, 1));
    };
    const outbox: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < samples; i++) {
      const id = 30_000_000 + i;
      const committed = await db
        .transaction(async (trx) => {
          await context.deps.events.record(trx, 'mail.due', due(id));
        })
        .then(() => performance.now());
      await waitFor(id);
      outbox.push(startedAt.get(id)! - committed);

      const rawId = 40_000_000 + i;
      const added = performance.now();
      await mail.add('mail.deliver', { payload: { id: rawId } } satisfies JobEnvelope, { jobId: `raw-${rawId}` });
      await waitFor(rawId);
      raw.push(startedAt.get(rawId)! - added);
    }
    await worker.close();
    return {
      events,
      relayPerSecond: events / relaySeconds,
      rawPerSecond: events / rawSeconds,
      p50: percentile(outbox, 50),
      p95: percentile(outbox, 95),
      rawP95: percentile(raw, 95),
    };
  } finally {
    await context.close();
  }
}
