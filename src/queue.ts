import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import type { Logger } from 'pino';
import { queueNames, type QueueName } from './queue-names.ts';
import { withRequestId } from './request-context.ts';
import { createSemaphore } from './semaphore.ts';

export { queueNames, type QueueName };

/** Typed payloads of every job. Jobs carry ids, never secrets (ARCHITECTURE rule 4). */
export interface JobPayloads {
  /** Sends one owed mail (a `mails` row); the queue is its kind's (src/mail/kinds.ts). */
  'mail.deliver': { id: number };
  'catalogue.render': { reason?: string };
  'images.renditions': { imageId: number };
  'widgets.renditions': { widgetId: number };
  'catalogue.price_list': { userId: number };
  /** A sent quotation's PDF, then its mail (src/modules/quotations/pdf-job.ts). */
  'quotations.render_pdf': { quotationId: number };
  /** Matches a stored planting schedule's lines (src/modules/schedules/). */
  'schedules.match': { id: string };
  // Housekeeping, started by job schedulers (once per cluster), not by events.
  'outbox.relay': Record<string, never>;
  'mail.recover': Record<string, never>;
  'images.recover': Record<string, never>;
  'sessions.prune': Record<string, never>;
  'events.prune': Record<string, never>;
  'quotations.expire': Record<string, never>;
  'schedules.prune': Record<string, never>;
}
export type JobName = keyof JobPayloads;

/** What a processor knows of its job besides the payload. */
interface JobMeta {
  attempt: number;
  /** True on the job's final attempt: a processor may then leave a visible failed state. */
  lastAttempt: boolean;
}
type Processor<N extends JobName> = (data: JobPayloads[N], meta: JobMeta) => Promise<void>;
export type Processors = { [N in JobName]: Processor<N> };

const jobQueues: Record<JobName, QueueName> = {
  // Each mail goes to its kind's queue (JobSpec.queue); this is only where one without a kind would go.
  'mail.deliver': 'mail',
  'catalogue.render': 'catalogue',
  // Image work shares one queue, so its concurrency bound covers gallery and widget pictures alike.
  'images.renditions': 'images',
  'widgets.renditions': 'images',
  // A price list is a catalogue render: it shares the render's queue and its one-at-a-time bound.
  'catalogue.price_list': 'catalogue',
  // A quotation is a small document render: the render queue, never behind a backlog of mails.
  'quotations.render_pdf': 'catalogue',
  // Its own queue: a buyer waiting for a schedule must not wait behind a catalogue render.
  'schedules.match': 'schedules',
  'outbox.relay': 'housekeeping',
  'mail.recover': 'housekeeping',
  'images.recover': 'housekeeping',
  'sessions.prune': 'housekeeping',
  'events.prune': 'housekeeping',
  'quotations.expire': 'housekeeping',
  'schedules.prune': 'housekeeping',
};
export const queueOf = (job: JobName): QueueName => jobQueues[job];
/** The queue a job spec is added to: its own when it names one, else its job's. */
const queueOfSpec = (job: JobSpec): QueueName => job.queue ?? queueOf(job.name);

/** A job to add, as the relay builds it from an event (src/subscribers.ts). */
export interface JobSpec<N extends JobName = JobName> {
  name: N;
  data: JobPayloads[N];
  /** Unique per event and job: publishing the same event twice adds the job once. */
  jobId: string;
  /**
   * Jobs with the same key coalesce (BullMQ deduplication with keepLastIfActive): while one waits,
   * another is dropped; while one runs, the newest waits to run after it, so a change made during
   * a run is still processed.
   */
  dedupeKey?: string;
  delayMs?: number;
  eventId?: number;
  requestId?: string;
  /** A queue other than the job name's (a mail goes to its kind's queue). */
  queue?: QueueName;
}

/** What a BullMQ job holds: the payload, and where it came from (for logs and bull-board). */
export interface JobEnvelope<N extends JobName = JobName> {
  payload: JobPayloads[N];
  eventId?: number;
  requestId?: string;
}

/** A housekeeping job run every `everyMs` somewhere in the cluster. */
export interface Schedule {
  name: JobName;
  everyMs: number;
}

interface QueueCounts {
  waiting: number;
  failed: number;
}

/** The jobs of one queue by state, as `queue_jobs` exports them. */
interface QueueDepth {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface JobQueue {
  readonly driver: 'bullmq' | 'inline';
  /** Adds jobs; only the outbox relay calls this. Rejects when the queue cannot take them. */
  add(jobs: JobSpec[]): Promise<void>;
  /** Creates or updates job schedulers (BullMQ: one per cluster; in-process: timers here). */
  schedule(schedules: Schedule[]): Promise<void>;
  counts(): Promise<QueueCounts>;
  /** Each queue's jobs by state, for the metrics endpoint (read when it is scraped). */
  depths(): Promise<Record<QueueName, QueueDepth>>;
  ping(): Promise<boolean>;
  /** The in-process driver needs the processors; BullMQ's are run by workers/main.ts. */
  bind(processors: Processors): void;
  /** Resolves once nothing is queued or running (in-process driver; used by tests and shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
  /** The BullMQ producer queues (BullMQ driver only), for the admin queue dashboard. */
  bullQueues?(): Queue[];
}

export const defaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  // Kept so bull-board and the dashboard show them; failed ones for a week of inspection.
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
} as const;

/** The BullMQ options of one job spec. */
export function bullJobOptions(job: JobSpec): JobsOptions {
  return {
    jobId: job.jobId,
    ...(job.delayMs ? { delay: job.delayMs } : {}),
    ...(job.dedupeKey ? { deduplication: { id: job.dedupeKey, keepLastIfActive: true } } : {}),
  };
}

/** Producer side of BullMQ. Fails fast (no endless retry) so a Redis outage surfaces at once. */
export function createBullQueue(connection: ConnectionOptions, prefix: string): JobQueue {
  const queues = new Map(queueNames.map((name) => [name, new Queue(name, { connection, prefix, defaultJobOptions })] as const));
  const all = () => [...queues.values()];
  return {
    driver: 'bullmq',
    async add(jobs) {
      const byQueue = new Map<QueueName, JobSpec[]>();
      for (const job of jobs) byQueue.set(queueOfSpec(job), [...(byQueue.get(queueOfSpec(job)) ?? []), job]);
      await Promise.all(
        [...byQueue].map(([queue, specs]) =>
          queues.get(queue)!.addBulk(
            specs.map((job) => ({
              name: job.name,
              data: { payload: job.data, eventId: job.eventId, requestId: job.requestId } satisfies JobEnvelope,
              opts: bullJobOptions(job),
            })),
          ),
        ),
      );
    },
    async schedule(schedules) {
      // A scheduler a release retired (the old contact sweep) would otherwise run for ever as an unknown job.
      const wanted = new Set<string>(schedules.map((s) => s.name));
      for (const queue of new Set(schedules.map((s) => queues.get(queueOf(s.name))!))) {
        for (const scheduler of await queue.getJobSchedulers()) {
          if (!wanted.has(scheduler.key)) await queue.removeJobScheduler(scheduler.key);
        }
      }
      for (const { name, everyMs } of schedules) {
        await queues.get(queueOf(name))!.upsertJobScheduler(
          name,
          { every: everyMs },
          // A housekeeping run that fails is simply the next run's work: no retries, few kept.
          { name, data: { payload: {} }, opts: { attempts: 1, removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } } },
        );
      }
    },
    async counts() {
      const counts = await Promise.all(
        all().map(async (q) => ({ queue: q.name, counts: await q.getJobCounts('waiting', 'delayed', 'failed') })),
      );
      return counts.reduce<QueueCounts>(
        (sum, { queue, counts: c }) => ({
          // The housekeeping schedulers always hold their next run as a delayed job: not work waiting.
          waiting: sum.waiting + (queue === 'housekeeping' ? 0 : (c.waiting ?? 0) + (c.delayed ?? 0)),
          failed: sum.failed + (c.failed ?? 0),
        }),
        { waiting: 0, failed: 0 },
      );
    },
    async depths() {
      const entries = await Promise.all(
        all().map(async (q) => {
          const c = await q.getJobCounts('waiting', 'active', 'delayed', 'failed');
          return [q.name, { waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 }] as const;
        }),
      );
      return Object.fromEntries(entries) as Record<QueueName, QueueDepth>;
    },
    async ping() {
      // A cheap round trip with a deadline: readiness must answer even when Redis hangs.
      const probe = queues
        .get('mail')!
        .getJobCounts('waiting')
        .then(
          () => true,
          () => false,
        );
      return Promise.race([probe, sleep(2000).then(() => false)]);
    },
    bind() {},
    async drain() {},
    async close() {
      await Promise.all(all().map((q) => q.close()));
    },
    bullQueues: all,
  };
}

/**
 * In-process driver, like Laravel's `sync` queue but asynchronous: jobs run in this process through
 * the same processors, with the same coalescing, delay, per-queue concurrency and retry-with-backoff.
 * Schedules become timers in this process (embedded mode has one process).
 */
export function createInlineQueue(log: Logger, concurrency: Partial<Record<QueueName, number>> = {}): JobQueue {
  let processors: Processors | undefined;
  // Like a BullMQ Worker per queue: at most `concurrency` jobs of one queue run at once (twenty
  // uploads must not mean twenty image decodes in this process), and queues never wait on each other.
  const lanes = new Map(queueNames.map((queue) => [queue, createSemaphore(concurrency[queue] ?? 2)] as const));
  const waitingKeys = new Set<string>();
  const seenJobIds = new Set<string>();
  const running = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let failed = 0;
  let waiting = 0;
  let closed = false;
  // Per queue for the metrics endpoint; a job waiting out its backoff between attempts counts as active.
  const depth = Object.fromEntries(queueNames.map((queue) => [queue, { waiting: 0, active: 0, delayed: 0, failed: 0 }])) as Record<
    QueueName,
    QueueDepth
  >;

  const run = async <N extends JobName>(job: JobSpec<N>) => {
    const processor = processors?.[job.name] as Processor<N> | undefined;
    if (!processor) throw new Error(`No processor bound for job ${job.name}`);
    for (let attempt = 1; attempt <= defaultJobOptions.attempts; attempt++) {
      try {
        const lastAttempt = attempt === defaultJobOptions.attempts;
        const meta = { attempt, lastAttempt };
        // Under the id of the request that caused it, as a BullMQ worker runs it (workers/runtime.ts).
        await withRequestId(job.requestId ?? `job-${job.jobId}`, () => processor(job.data, meta));
        return;
      } catch (err) {
        const unrecoverable = (err as Error)?.name === 'UnrecoverableError';
        log.warn({ err, job: job.name, attempt }, 'job failed');
        if (unrecoverable || attempt === defaultJobOptions.attempts || closed) {
          failed++;
          depth[queueOfSpec(job)].failed++;
          return;
        }
        await sleep(defaultJobOptions.backoff.delay * 2 ** (attempt - 1));
      }
    }
  };

  const start = (job: JobSpec) => {
    waiting++;
    const key = job.dedupeKey;
    if (key) waitingKeys.add(key);
    const counts = depth[queueOfSpec(job)];
    const delayed = Boolean(job.delayMs);
    if (delayed) counts.delayed++;
    else counts.waiting++;
    const task = (async () => {
      await sleep(job.delayMs ?? 0);
      if (delayed) {
        counts.delayed--;
        counts.waiting++;
      }
      await lanes.get(queueOfSpec(job))!.run(async () => {
        waiting--;
        counts.waiting--;
        counts.active++;
        // Once running, a new job with this key queues behind (it may see newer data).
        if (key) waitingKeys.delete(key);
        try {
          await run(job);
        } finally {
          counts.active--;
        }
      });
    })().finally(() => running.delete(task));
    running.add(task);
  };

  return {
    driver: 'inline',
    async add(jobs) {
      for (const job of jobs) {
        if (closed || seenJobIds.has(job.jobId) || (job.dedupeKey && waitingKeys.has(job.dedupeKey))) continue;
        seenJobIds.add(job.jobId);
        // Enough memory to catch a re-published event; the oldest ids go first.
        if (seenJobIds.size > SEEN_JOB_IDS) seenJobIds.delete(seenJobIds.values().next().value!);
        start(job);
      }
    },
    async schedule(schedules) {
      for (const { name, everyMs } of schedules) {
        let tick = 0;
        const timer = setInterval(() => {
          if (!closed) start({ name, data: {}, jobId: `${name}-${++tick}` } as JobSpec);
        }, everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async counts() {
      return { waiting, failed };
    },
    async depths() {
      return structuredClone(depth);
    },
    async ping() {
      return !closed;
    },
    bind(p) {
      processors = p;
    },
    async drain() {
      while (running.size) await Promise.allSettled([...running]);
    },
    async close() {
      closed = true;
      timers.forEach(clearInterval);
      await this.drain();
    },
  };
}

/** Job ids the in-process driver remembers, so an event the relay published twice runs once. */
const SEEN_JOB_IDS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
