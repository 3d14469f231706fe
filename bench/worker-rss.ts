import { spawn } from 'node:child_process';
import path from 'node:path';
import { Queue } from 'bullmq';
import type { JobEnvelope } from '../src/queue.ts';
import type { TestContext } from '../test/harness.ts';
import { median, seedCatalogue, touchCatalogue } from './catalogue-fixture.ts';
import { productionEnv, rssMiB } from './process-rss.ts';

export interface WorkerRssFigures {
  /** RSS of the worker process started and waiting for jobs. */
  idleMiB: number;
  /** Highest RSS sampled while it rendered the catalogue. */
  peakMiB: number;
  renderSeconds: number;
  rows: number;
}

const SAMPLE_MS = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A worker process started as `npm run worker` starts one (workers/main.ts under tsx, two malloc
 * arenas), on this context's database, Redis prefix and files: its RSS idle, then its peak while
 * it runs one `catalogue.render` job over 5,000 rows (PDF + XLSX, stored), sampled every 10 ms.
 */
export async function benchWorkerRss(context: TestContext): Promise<WorkerRssFigures> {
  const { config } = context.deps;
  await seedCatalogue(context.deps);
  await touchCatalogue(context.deps);
  const connection = { url: config.redisUrl! };
  const queue = new Queue('catalogue', { connection, prefix: config.redisPrefix });
  const worker = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'workers', 'main.ts')], {
    env: { ...process.env, MALLOC_ARENA_MAX: '2', ...productionEnv(config) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
  try {
    const deadline = Date.now() + 60_000;
    while ((await queue.getWorkers()).length === 0) {
      if (worker.exitCode !== null || Date.now() > deadline) throw new Error('the worker did not start');
      await sleep(100);
    }
    await sleep(2_000); // start-up settles (module code, connections)
    const idle: number[] = [];
    for (let i = 0; i < 20; i++, await sleep(50)) idle.push(rssMiB(worker.pid!));

    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(worker.pid!))), SAMPLE_MS);
    const started = performance.now();
    const job = await queue.add('catalogue.render', { payload: { reason: 'bench' } } satisfies JobEnvelope<'catalogue.render'>);
    let state = await job.getState();
    while (state !== 'completed' && state !== 'failed') {
      await sleep(20);
      state = await job.getState();
    }
    const renderSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (state === 'failed') throw new Error(`the render failed: ${(await queue.getJob(job.id!))?.failedReason}`);
    const rows = Number((await context.deps.db('catalogue_files').where({ format: 'pdf' }).orderBy('id', 'desc').first('rows'))?.rows);
    return { idleMiB: median(idle), peakMiB: peak, renderSeconds, rows };
  } finally {
    worker.kill('SIGTERM');
    await exited;
    await queue.close();
  }
}

// `npx tsx bench/worker-rss.ts`: this figure alone.
if (import.meta.filename === process.argv[1]) {
  const { default: setupTemplate } = await import('../test/global-setup.ts');
  const { createTestContext } = await import('../test/harness.ts');
  await setupTemplate();
  const context = await createTestContext();
  try {
    console.log(await benchWorkerRss(context));
  } finally {
    await context.close();
  }
}
