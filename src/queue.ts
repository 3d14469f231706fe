import { Queue, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import { createSemaphore } from './semaphore.ts';

/** Typed payloads of every job. Jobs carry ids, never secrets (ARCHITECTURE rule 4). */
export interface JobPayloads {
  'mail.contact': { id: number };
  'mail.send': { template: string; userId: number; params?: Record<string, string> };
  'catalogue.render': { reason?: string };
  'images.renditions': { imageId: number };
  'widgets.renditions': { widgetId: number };
}
export type JobName = keyof JobPayloads;
export type Processor<N extends JobName> = (data: JobPayloads[N], meta: { attempt: number }) => Promise<void>;
export type Processors = { [N in JobName]: Processor<N> };

/** BullMQ queues; each gets its own Worker, so one kind of work never waits behind another. */
export const queueNames = ['mail', 'account-mail', 'catalogue', 'images'] as const;
export type QueueName = (typeof queueNames)[number];
/**
 * The queue each job runs on. Account mails (verification, password reset) have their own queue:
 * a person waiting at the screen for a link must not wait behind a backlog of enquiry mails.
 */
const jobQueues: Record<JobName, QueueName> = {
  'mail.contact': 'mail',
  'mail.send': 'account-mail',
  'catalogue.render': 'catalogue',
  'images.renditions': 'images',
  // Image work shares one queue, so its concurrency bound covers gallery and widget pictures alike.
  'widgets.renditions': 'images',
};
export const queueOf = (job: JobName): QueueName => jobQueues[job];

export interface EnqueueOptions {
  /** A job with the same id that is still waiting, delayed or running absorbs this one. */
  jobId?: string;
  delayMs?: number;
}

export interface QueueCounts {
  waiting: number;
  failed: number;
}

export interface JobQueue {
  readonly driver: 'bullmq' | 'inline';
  enqueue<N extends JobName>(name: N, data: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
  counts(): Promise<QueueCounts>;
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
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
} as const;

/** Producer side of BullMQ. Fails fast (no endless retry) so a Redis outage surfaces at once. */
export function createBullQueue(connection: ConnectionOptions, prefix: string): JobQueue {
  const queues = new Map(
    queueNames.map((name) => [name, new Queue(name, { connection, prefix, defaultJobOptions })] as const),
  );
  const all = () => [...queues.values()];
  return {
    driver: 'bullmq',
    async enqueue(name, data, options = {}) {
      const queue = queues.get(queueOf(name))!;
      await queue.add(name, data, {
        ...(options.jobId ? { jobId: options.jobId } : {}),
        ...(options.delayMs ? { delay: options.delayMs } : {}),
        // A finished job must free its id, or the next debounced job with that id is dropped.
        ...(options.jobId ? { removeOnComplete: true, removeOnFail: true } : {}),
      });
    },
    async counts() {
      const counts = await Promise.all(all().map((q) => q.getJobCounts('waiting', 'delayed', 'failed')));
      return counts.reduce<QueueCounts>(
        (sum, c) => ({ waiting: sum.waiting + (c.waiting ?? 0) + (c.delayed ?? 0), failed: sum.failed + (c.failed ?? 0) }),
        { waiting: 0, failed: 0 },
      );
    },
    async ping() {
      // A cheap round trip with a deadline: readiness must answer even when Redis hangs.
      const probe = queues.get('mail')!.getJobCounts('waiting').then(() => true, () => false);
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
 * the same processors, with the same id-based de-duplication, delay and retry-with-backoff.
 */
export function createInlineQueue(log: Logger, options: { concurrency?: number } = {}): JobQueue {
  let processors: Processors | undefined;
  // Like a BullMQ Worker per queue: at most `concurrency` jobs of one queue run at once (twenty
  // uploads must not mean twenty image decodes in this process), and queues never wait on each other.
  const lanes = new Map(queueNames.map((queue) => [queue, createSemaphore(options.concurrency)] as const));
  const pending = new Set<string>();
  const running = new Set<Promise<void>>();
  let failed = 0;
  let waiting = 0;
  let closed = false;
  let counter = 0;

  const run = async <N extends JobName>(name: N, data: JobPayloads[N], id: string) => {
    const processor = processors?.[name] as Processor<N> | undefined;
    if (!processor) throw new Error(`No processor bound for job ${name}`);
    for (let attempt = 1; attempt <= defaultJobOptions.attempts; attempt++) {
      try {
        pending.delete(id); // once running, a new job with this id queues behind (it may see newer data)
        await processor(data, { attempt });
        return;
      } catch (err) {
        const unrecoverable = (err as Error)?.name === 'UnrecoverableError';
        log.warn({ err, job: name, attempt }, 'job failed');
        if (unrecoverable || attempt === defaultJobOptions.attempts || closed) {
          failed++;
          return;
        }
        await sleep(defaultJobOptions.backoff.delay * 2 ** (attempt - 1));
      }
    }
  };

  return {
    driver: 'inline',
    async enqueue(name, data, options = {}) {
      if (closed) return;
      const id = options.jobId ?? `${name}:${++counter}`;
      if (pending.has(id)) return;
      pending.add(id);
      waiting++;
      const task = (async () => {
        await sleep(options.delayMs ?? 0);
        await lanes.get(queueOf(name))!.run(async () => {
          waiting--;
          await run(name, data, id);
        });
      })().finally(() => {
        pending.delete(id);
        running.delete(task);
      });
      running.add(task);
    },
    async counts() {
      return { waiting, failed };
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
      await this.drain();
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
