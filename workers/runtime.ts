import { Worker } from 'bullmq';
import type { Deps } from '../src/deps.ts';
import { queueNames, type JobName, type Processors } from '../src/queue.ts';

/**
 * One BullMQ Worker per queue, dispatching each job to its processor by name. Workers get their
 * own connections with `maxRetriesPerRequest: null`, as BullMQ requires for blocking commands.
 */
export function startBullWorkers(deps: Deps, processors: Processors, only: readonly string[] = queueNames) {
  if (!deps.config.redisUrl) throw new Error('BullMQ workers need REDIS_URL');
  const connection = { url: deps.config.redisUrl, maxRetriesPerRequest: null };
  const workers = queueNames
    .filter((name) => only.includes(name))
    .map(
      (queueName) =>
        new Worker(
          queueName,
          async (job) => {
            const name = job.name as JobName;
            // Any known job runs, even on a queue it no longer belongs to (one queued before a job moved queue).
            if (!(name in processors)) throw new Error(`Unknown job ${job.name}`);
            await (processors[name] as (data: unknown, meta: { attempt: number }) => Promise<void>)(job.data, {
              attempt: job.attemptsMade + 1,
            });
          },
          { connection, prefix: deps.config.redisPrefix, concurrency: deps.config.workerConcurrency },
        ),
    );
  for (const worker of workers) {
    worker.on('failed', (job, err) => deps.log.warn({ err, job: job?.name, id: job?.id }, 'job failed'));
    worker.on('error', (err) => deps.log.error({ err }, 'worker error'));
  }
  return {
    workers,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
