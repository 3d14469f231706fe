import { Worker } from 'bullmq';
import type { Deps } from '../src/deps.ts';
import { defaultJobOptions, queueNames, type JobEnvelope, type JobName, type Processors, type QueueName } from '../src/queue.ts';
import { withRequestId } from '../src/request-context.ts';

/**
 * One BullMQ Worker per queue, dispatching each job to its processor by name, with the queue's own
 * concurrency (QUEUE_CONCURRENCY). Workers get their own connections with
 * `maxRetriesPerRequest: null`, as BullMQ requires for blocking commands. A job runs under the
 * request id of the request that caused it, so its log lines can be joined to the access log.
 */
export function startBullWorkers(deps: Deps, processors: Processors, only: readonly string[] = queueNames) {
  if (!deps.config.redisUrl) throw new Error('BullMQ workers need REDIS_URL');
  const connection = { url: deps.config.redisUrl, maxRetriesPerRequest: null };
  const lockDuration = deps.config.workerLockMs;
  const workers = queueNames
    .filter((name) => only.includes(name))
    .map(
      (queueName: QueueName) =>
        new Worker(
          queueName,
          async (job) => {
            const name = job.name as JobName;
            // Any known job runs, even on a queue it no longer belongs to (one queued before a job moved queue).
            if (!(name in processors)) throw new Error(`Unknown job ${job.name}`);
            const { payload, requestId } = job.data as JobEnvelope;
            const attempt = job.attemptsMade + 1;
            const meta = { attempt, lastAttempt: attempt >= (job.opts.attempts ?? defaultJobOptions.attempts) };
            const run = () => (processors[name] as (data: unknown, m: typeof meta) => Promise<void>)(payload, meta);
            await withRequestId(requestId ?? `job-${job.id}`, run);
          },
          {
            connection,
            prefix: deps.config.redisPrefix,
            concurrency: deps.config.queueConcurrency[queueName],
            // A job whose worker died (SIGKILL, lost host) is taken back after the lock expires.
            lockDuration,
            stalledInterval: lockDuration,
          },
        ),
    );
  for (const worker of workers) {
    worker.on('failed', (job, err) => deps.log.warn({ err, job: job?.name, id: job?.id, attempts: job?.attemptsMade }, 'job failed'));
    worker.on('error', (err) => deps.log.error({ err }, 'worker error'));
  }
  return {
    workers,
    /** Takes no new jobs and resolves when the running ones have finished. */
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
