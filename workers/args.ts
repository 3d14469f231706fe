import { parseArgs } from 'node:util';
import { isQueueName, queueNames, type QueueName } from '../src/queue-names.ts';

const usage = `Usage: npm run worker -- [--queues ${queueNames.join(',')}]
Runs BullMQ workers for the given queues (default: all), each with its QUEUE_CONCURRENCY.`;

/**
 * The worker's command line: `--queues a,b` names the queues to work (all when absent). Returns
 * the queues, or an exit code and the message to print (help, or what is wrong with the arguments).
 */
export function parseWorkerArgs(args: string[]): { queues: QueueName[]; exit?: undefined } | { exit: number; message: string } {
  let values: { queues?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { queues: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (error) {
    return { exit: 2, message: `${(error as Error).message}\n${usage}` };
  }
  if (values.help) return { exit: 0, message: usage };
  if (values.queues === undefined) return { queues: [...queueNames] };
  const wanted = values.queues
    .split(',')
    .map((q) => q.trim())
    .filter(Boolean);
  const unknown = wanted.filter((q) => !isQueueName(q));
  if (unknown.length || !wanted.length) return { exit: 2, message: `Unknown queue ${unknown.join(', ') || '(none given)'}.\n${usage}` };
  return { queues: wanted as QueueName[] };
}
