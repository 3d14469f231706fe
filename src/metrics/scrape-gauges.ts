import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db.ts';
import type { Logger } from '../logger.ts';
import { queueNames, type JobQueue } from '../queue.ts';

/** A scrape waits this long for Redis or the database, so a scrape still answers during an outage. */
const SCRAPE_DEADLINE_MS = 2000;

const withDeadline = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer in ${SCRAPE_DEADLINE_MS} ms`)), SCRAPE_DEADLINE_MS).unref(),
    ),
  ]);

/**
 * Gauges read when Prometheus scrapes, not kept up to date in between: the jobs in each queue by
 * state (from Redis, or from the in-process driver in embedded mode), the outbox's lag, and the
 * mails owed and refused. When Redis or the database does not answer, the series are left out of
 * that scrape (absent, not a stale or invented value) and the failure is logged at debug.
 */
export function registerScrapeGauges(registry: Registry, deps: { queue: JobQueue; db: Db; log: Logger }): void {
  new Gauge({
    name: 'queue_jobs',
    help: 'Jobs in each queue by state (waiting, active, delayed, failed), read at scrape time; housekeeping always holds its next scheduled runs as delayed',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const depths = await withDeadline(deps.queue.depths());
        for (const queue of queueNames) {
          for (const [state, count] of Object.entries(depths[queue])) this.set({ queue, state }, count);
        }
      } catch (err) {
        deps.log.debug({ err }, 'metrics: queue depths unavailable');
      }
    },
  });

  const oldestUnpublished = () =>
    withDeadline(
      deps
        .db('events')
        .whereNull('published_at')
        .first(deps.db.raw('count(*) as count'), deps.db.raw('extract(epoch from (now() - min(created_at))) as age')),
    ) as Promise<{ count: string | number; age: string | number | null } | undefined>;
  let pending: ReturnType<typeof oldestUnpublished> | undefined;
  // Both outbox gauges come from one query per scrape.
  const outbox = () => (pending ??= oldestUnpublished().finally(() => setImmediate(() => (pending = undefined))));

  new Gauge({
    name: 'outbox_lag_seconds',
    help: 'Age of the oldest event not yet published to the queue (0 when none waits)',
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const row = await outbox();
        this.set(Math.max(0, Number(row?.age ?? 0)));
      } catch (err) {
        deps.log.debug({ err }, 'metrics: outbox lag unavailable');
      }
    },
  });
  new Gauge({
    name: 'outbox_unpublished_events',
    help: 'Events recorded but not yet published to the queue',
    registers: [registry],
    async collect() {
      this.reset();
      try {
        this.set(Number((await outbox())?.count ?? 0));
      } catch (err) {
        deps.log.debug({ err }, 'metrics: outbox size unavailable');
      }
    },
  });

  new Gauge({
    name: 'mails',
    help: 'Outgoing mails still owed (retried until sent) and refused for good (waiting for the admin to resend)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const row = (await withDeadline(
          deps
            .db('mails')
            .whereIn('status', ['owed', 'refused'])
            .first(
              deps.db.raw("count(*) FILTER (WHERE status = 'owed') AS owed"),
              deps.db.raw("count(*) FILTER (WHERE status = 'refused') AS refused"),
            ),
        )) as { owed: string | number; refused: string | number } | undefined;
        this.set({ status: 'owed' }, Number(row?.owed ?? 0));
        this.set({ status: 'refused' }, Number(row?.refused ?? 0));
      } catch (err) {
        deps.log.debug({ err }, 'metrics: mail counts unavailable');
      }
    },
  });
}
