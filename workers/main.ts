import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { createDeps } from '../src/deps.ts';
import { housekeepingSchedules } from '../src/housekeeping.ts';
import { buildProcessors } from '../src/processors.ts';
import { exitOnStartupError } from '../src/startup-errors.ts';
import { createServices } from '../src/services.ts';
import { limitSharp, yieldCpuToOtherWork } from '../src/sharp-limits.ts';
import { sweepStaleTempFiles } from '../src/tmp-sweep.ts';
import { parseWorkerArgs } from './args.ts';
import { startBullWorkers } from './runtime.ts';
import { startMetricsServer } from '../src/metrics/server.ts';

/**
 * Worker process: one BullMQ Worker per chosen queue. Needs Redis; without it (embedded mode) the
 * web process runs jobs itself, so there is nothing for this process to do. SIGTERM: take no new
 * jobs, let running ones finish, then exit; a job cut off by SIGKILL is taken back by another
 * worker once its lock expires (BullMQ stalled-job recovery).
 */
async function main(): Promise<void> {
  const parsed = parseWorkerArgs(process.argv.slice(2));
  if (parsed.exit !== undefined) {
    (parsed.exit === 0 ? console.log : console.error)(parsed.message);
    process.exit(parsed.exit);
  }
  const { queues } = parsed;
  const config = loadConfig();
  if (!config.redisUrl) {
    console.error('The worker needs REDIS_URL. Without Redis, `npm start` runs jobs inside the web process.');
    process.exit(1);
  }
  limitSharp(config);
  // A worker for image work alone yields the CPU to mail, renders and web on the same host.
  if (queues.every((q) => q === 'images')) yieldCpuToOtherWork(config);
  const deps = createDeps(config, { name: 'worker' });
  const services = createServices(deps);
  // Temp files a killed process left behind (a half-written render, a bucket download).
  const swept = await sweepStaleTempFiles(path.join(config.varDir, 'tmp'), deps.now());
  if (swept) deps.log.info({ swept }, 'stale temp files removed');
  const workers = startBullWorkers(deps, buildProcessors(deps, services), queues);
  // Upserting is idempotent: every worker may do it; each schedule still runs once per interval.
  await deps.queue.schedule(housekeepingSchedules);
  // Events recorded while no process could publish them (Redis was down) go out now.
  deps.relay.kick();
  deps.log.info(
    { queues: workers.workers.map((w) => w.name), concurrency: Object.fromEntries(queues.map((q) => [q, config.queueConcurrency[q]])) },
    'workers started',
  );
  // Its own port (WORKER_METRICS_PORT), so ops scrape the worker beside the web process.
  const { workerPort, host: metricsHost } = config.metrics;
  const metricsServer = workerPort === undefined ? undefined : await startMetricsServer(deps.metrics.registry, workerPort, metricsHost);
  if (metricsServer) deps.log.info({ port: workerPort, host: metricsHost }, 'metrics served on their own port at /metrics');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info({ signal }, 'closing workers: finishing running jobs, taking no new ones');
    await workers.close();
    metricsServer?.close();
    await deps.close();
    // The last line: an operator (or a test) reads it as "jobs finished, connections closed, exiting now".
    deps.log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => exitOnStartupError(error));
