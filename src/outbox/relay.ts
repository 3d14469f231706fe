import type { Logger } from 'pino';
import type { Db } from '../db.ts';
import type { AnyStoredEvent } from '../events.ts';
import type { JobQueue, JobSpec } from '../queue.ts';

/** Events published per round trip: one SELECT, one addBulk, one UPDATE. */
const BATCH_SIZE = 200;
/** Waits between publish attempts while the queue refuses (Redis down), capped. */
const RETRY_MS = { first: 500, max: 15_000 };

export interface Relay {
  /** Publishes soon; calls while a run is under way fold into one more run after it. */
  kick(): void;
  /** Publishes every unpublished event now; resolves with how many were published. */
  publishPending(): Promise<number>;
  /** Resolves once no run is under way or due (tests, shutdown). */
  idle(): Promise<void>;
  stop(): void;
}

export interface RelayOptions {
  db: Db;
  queue: JobQueue;
  log: Logger;
  /** Which jobs an event starts (src/subscribers.ts). */
  jobsFor(event: AnyStoredEvent): JobSpec[];
  /** Called after a publish succeeds that follows failed ones (Redis is back). */
  onRecovered?(): void;
}

interface EventRow {
  id: string | number;
  name: AnyStoredEvent['name'];
  payload: AnyStoredEvent['payload'];
  request_id: string | null;
}

/**
 * The outbox relay: moves unpublished events into the queue and stamps them published, in one
 * transaction per batch. `FOR UPDATE SKIP LOCKED` lets every process run a relay at once without
 * two of them taking the same event; if the process dies after adding the jobs but before the
 * commit, the event is published again, and the job ids (derived from the event id) make BullMQ
 * ignore the second add. So delivery is at least once, and processors are idempotent.
 *
 * A process kicks its relay after each commit that recorded events (no polling delay); the
 * `outbox.relay` housekeeping job catches up events whose process died before it could publish.
 * When the queue refuses, the events stay unpublished, their attempts are counted, and this relay
 * retries with backoff until it succeeds.
 */
export function createRelay(options: RelayOptions): Relay {
  const { db, queue, log } = options;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const publishBatch = async (): Promise<number> => {
    let ids: (string | number)[] = [];
    try {
      return await db.transaction(async (trx) => {
        const rows: EventRow[] = await trx('events')
          .whereNull('published_at')
          .orderBy('id')
          .limit(BATCH_SIZE)
          .forUpdate()
          .skipLocked()
          .select('id', 'name', 'payload', 'request_id');
        if (!rows.length) return 0;
        ids = rows.map((r) => r.id);
        const jobs = rows.flatMap((row) =>
          options.jobsFor({ id: Number(row.id), name: row.name, payload: row.payload, requestId: row.request_id } as AnyStoredEvent),
        );
        if (jobs.length) await queue.add(jobs);
        await trx('events')
          .whereIn('id', ids)
          .update({ published_at: trx.fn.now(), attempts: trx.raw('attempts + 1'), last_error: null });
        return rows.length;
      });
    } catch (error) {
      if (ids.length) {
        const message = error instanceof Error ? error.message : String(error);
        await db('events')
          .whereIn('id', ids)
          .update({ attempts: db.raw('attempts + 1'), last_error: message.slice(0, 500) })
          .catch(() => {}); // the database may be what failed; the next attempt counts again
      }
      throw error;
    }
  };

  const publishPending = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const published = await publishBatch();
      total += published;
      if (published < BATCH_SIZE) return total;
    }
  };

  const runOnce = async () => {
    try {
      await publishPending();
      if (failures) {
        log.info({ failures }, 'outbox relay publishing again');
        failures = 0;
        options.onRecovered?.();
      }
    } catch (err) {
      failures++;
      const wait = Math.min(RETRY_MS.first * 2 ** (failures - 1), RETRY_MS.max);
      // Once per outage at warn level; the events are safe in the table meanwhile.
      log[failures === 1 ? 'warn' : 'debug']({ err, retryInMs: wait }, 'outbox relay could not publish; will retry');
      if (!stopped && !retryTimer) {
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          kick();
        }, wait);
        retryTimer.unref();
      }
    }
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce();
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  };

  return {
    kick,
    publishPending,
    async idle() {
      while (running) await running;
    },
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
    },
  };
}
