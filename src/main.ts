import path from 'node:path';
import { seed } from '../seeds/run.ts';
import { buildProcessors } from './processors.ts';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrate } from './db.ts';
import { createHttpServer, drainServer } from './http/server.ts';
import { listen } from './listen.ts';
import { startMetricsServer } from './metrics/server.ts';
import { createDemoAdminIfEmpty } from './modules/users/bootstrap.ts';
import { createDeps } from './deps.ts';
import { housekeepingSchedules } from './housekeeping.ts';
import { exitOnStartupError } from './startup-errors.ts';
import { createServices } from './services.ts';
import { limitSharp } from './sharp-limits.ts';
import { warmUp } from './ssr/warm-up.ts';
import { sweepStaleTempFiles } from './tmp-sweep.ts';

/** How long requests under way get to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Web process: config → db (migrate; seed when embedded) → queue → listen; graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  limitSharp(config);
  const deps = createDeps(config);
  const { log } = deps;
  const ran = await migrate(deps.db);
  if (ran.length) log.info({ migrations: ran }, 'database migrated');

  const services = createServices(deps);
  // Temp files a killed process left behind (a half-written render, a bucket download).
  const swept = await sweepStaleTempFiles(path.join(config.varDir, 'tmp'), deps.now());
  if (swept) deps.log.info({ swept }, 'stale temp files removed');
  // Embedded mode (no Redis): jobs run here through the same processors the worker uses, and the
  // housekeeping schedules are timers here. With Redis, upserting the schedulers is idempotent.
  if (deps.queue.driver === 'inline') deps.queue.bind(buildProcessors(deps, services));
  await deps.queue
    .schedule(housekeepingSchedules)
    .catch((err: unknown) => log.warn({ err }, 'job schedulers not set; a worker sets them when it starts'));

  // Demo content belongs to the embedded mode only: a production database (DATABASE_URL) is
  // seeded on purpose with `npm run seed`, never by a web process that happens to start.
  let seededDemo = false;
  if (!config.databaseUrl) {
    const admin = await createDemoAdminIfEmpty(deps.db);
    // Printed once, on the start that created it; the README says so.
    if (admin) log.warn(`Demo admin created: ${admin.email} / password ${admin.password} (shown once; change it in /account)`);
    const seeded = await seed(deps);
    seededDemo = Object.values(seeded).some((n: number) => n > 0);
    if (seededDemo) log.info({ seeded }, 'demo content seeded');
  }
  await services.catalogue.ensureDownloads();
  // Events a previous run recorded but could not publish (it died, or Redis was down) go out now.
  deps.relay.kick();
  // Demo content just seeded (a fresh VAR_DIR): its jobs run in this process, and the site is not
  // said to be listening until they are done, so the first page anyone opens has its banner slides
  // (their renditions) and the catalogue downloads exist.
  if (seededDemo) {
    await deps.settle();
    log.info({ ms: Date.now() - started }, 'demo pictures and catalogue downloads made');
  }

  const app = createApp(deps, services);
  // Before listening, so the first visitors find the render warm (src/ssr/warm-up.ts).
  const warming = Date.now();
  await warmUp(app, log);
  log.info({ ms: Date.now() - warming }, 'pages warmed up');
  const server = createHttpServer(app, config.http);
  await listen(server, config.port, config.host);
  log.info(
    {
      url: config.appUrl,
      database: config.databaseUrl ? 'postgresql' : 'embedded (PGlite)',
      queue: deps.queue.driver,
      ms: Date.now() - started,
    },
    `Hothfield Nurseries site listening on ${config.appUrl}`,
  );
  const { webPort, host: metricsHost } = config.metrics;
  const metricsServer = webPort === undefined ? undefined : await startMetricsServer(deps.metrics.registry, webPort, metricsHost);
  if (metricsServer) log.info({ port: webPort, host: metricsHost }, 'metrics served on their own port at /metrics');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests under way, taking no new ones');
    await drainServer(server, SHUTDOWN_GRACE_MS);
    metricsServer?.close();
    await deps.close().catch((err: unknown) => log.error({ err }, 'error while closing'));
    // The last line: an operator (or a test) reads it as "drained and closed, exiting now".
    log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

// A bad setting or a database another process has open ends the start with a readable message.
main().catch((error: unknown) => exitOnStartupError(error));
