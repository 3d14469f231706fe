import { queueOf, type JobName, type Processors } from '../queue.ts';
import type { Metrics } from './registry.ts';

/**
 * The processors, each timed into `job_duration_seconds` with its queue and outcome. Wrapping the
 * processors (not the BullMQ Worker) times jobs the same way in a worker process and in the web
 * process of embedded mode, where the in-process driver runs them.
 */
export function timedProcessors(metrics: Pick<Metrics, 'jobDuration'>, processors: Processors): Processors {
  const timed = Object.entries(processors).map(([name, processor]) => {
    const labels = { queue: queueOf(name as JobName), job: name };
    const wrapped = async (data: never, meta: never) => {
      const stop = metrics.jobDuration.startTimer(labels);
      try {
        await (processor as (d: never, m: never) => Promise<void>)(data, meta);
        stop({ outcome: 'completed' });
      } catch (error) {
        stop({ outcome: 'failed' });
        throw error;
      }
    };
    return [name, wrapped] as const;
  });
  return Object.fromEntries(timed) as unknown as Processors;
}
