import { loadConfig } from '../src/config.ts';
import { createDeps } from '../src/deps.ts';
import { startPeriodicTasks } from '../src/periodic.ts';
import { exitOnStartupError } from '../src/startup-errors.ts';
import { createServices } from '../src/services.ts';
import { limitSharp } from '../src/sharp-limits.ts';
import { subscribe } from '../src/subscribers.ts';
import { buildProcessors } from '../src/processors.ts';
import { startBullWorkers } from './runtime.ts';

/**
 * Worker process: one BullMQ Worker per queue. Needs Redis; without it (embedded mode) the web
 * process runs jobs itself, so there is nothing for this process to do.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.redisUrl) {
    console.error('The worker needs REDIS_URL. Without Redis, `npm start` runs jobs inside the web process.');
    process.exit(1);
  }
  limitSharp(config);
  const deps = createDeps(config, { name: 'worker' });
  const services = createServices(deps);
  subscribe(deps); // processors may emit events (a render that re-queues itself)
  const workers = startBullWorkers(deps, buildProcessors(deps, services));
  const stopPeriodic = startPeriodicTasks(deps, services, { sessions: false });
  deps.log.info({ queues: workers.workers.map((w) => w.name), concurrency: config.workerConcurrency }, 'workers started');

  const shutdown = async (signal: string) => {
    deps.log.info({ signal }, 'closing workers');
    stopPeriodic();
    await workers.close(); // lets running jobs finish
    await deps.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => exitOnStartupError(error));
