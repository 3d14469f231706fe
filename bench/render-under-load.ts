import { fork } from 'node:child_process';
import path from 'node:path';
import { limitSharp } from '../src/sharp-limits.ts';
import type { TestContext } from '../test/harness.ts';
import { median, seedCatalogue, timedRender } from './catalogue-fixture.ts';

interface LoadedFigures {
  /** Median of the renders alone just before and just after this loaded phase. */
  aloneMs: number;
  loadedMs: number;
  /** loaded ÷ alone: what ten image uploads in another process cost a catalogue render. */
  ratio: number;
  /** Renders measured while the images were still being rendered. */
  runs: number;
  imagesSeconds: number;
}

export interface RenderUnderLoadFigures {
  images: number;
  /** The images worker as production runs it: a process of its own, niced (yieldCpuToOtherWork). */
  niced: LoadedFigures;
  /** The same process without the nice: what a separate process alone gives. */
  plain: LoadedFigures;
}

const IMAGES = 10;
/** The images queue's concurrency in the worker (WORKER_CONCURRENCY's default). */
const IMAGE_CONCURRENCY = 2;
/**
 * Renders alone just before and just after each loaded phase: the baseline is taken around the
 * phase it is compared with, as other work on a shared machine comes and goes over minutes.
 */
const ALONE_RUNS = 5;
/** Renders before any measurement: the first few run slower while V8 optimises the render code. */
const WARM_UP_RUNS = 5;

/**
 * The catalogue render job (5,000 rows, PDF + XLSX, stored) in this process, as the catalogue
 * worker runs it: alone, and while an images worker process renders ten 24-megapixel uploads (as
 * production runs image work: `--queues images`, a process of its own). Figures are medians; only
 * renders that ended while the images were still rendering count as loaded.
 */
export async function benchRenderUnderLoad(context: TestContext): Promise<RenderUnderLoadFigures> {
  limitSharp(context.deps.config); // as every worker process starts
  await seedCatalogue(context.deps);
  for (let i = 0; i < WARM_UP_RUNS; i++) await timedRender(context.deps);
  return { images: IMAGES, niced: await phase(context, 'niced'), plain: await phase(context, 'plain') };
}

/** One loaded phase between two sets of renders alone. */
async function phase(context: TestContext, mode: 'niced' | 'plain'): Promise<LoadedFigures> {
  const alone: number[] = [];
  for (let i = 0; i < ALONE_RUNS; i++) alone.push(await timedRender(context.deps));
  const loaded = await rendersBesideImages(context, mode);
  for (let i = 0; i < ALONE_RUNS; i++) alone.push(await timedRender(context.deps));
  const aloneMs = median(alone);
  const loadedMs = median(loaded.ms);
  return { aloneMs, loadedMs, ratio: loadedMs / aloneMs, runs: loaded.ms.length, imagesSeconds: loaded.imagesMs / 1000 };
}

/** Renders the catalogue over and over while an images worker process renders the uploads. */
async function rendersBesideImages(context: TestContext, mode: 'niced' | 'plain'): Promise<{ ms: number[]; imagesMs: number }> {
  const child = fork(path.join(import.meta.dirname, 'image-load-child.ts'), [String(IMAGES), String(IMAGE_CONCURRENCY), mode], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: '2' }, // as `npm run worker` starts
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const failed = exited.then((code) => Promise.reject(new Error(`image load process exited with ${code}`)));
  const next = () =>
    Promise.race([
      new Promise<Record<string, number>>((resolve) => child.once('message', (m) => resolve(m as Record<string, number>))),
      failed,
    ]);
  try {
    await next(); // uploads stored
    let done: Record<string, number> | undefined;
    const finished = next().then((m) => (done = m));
    child.send('go');
    const ms: number[] = [];
    while (!done) {
      const took = await timedRender(context.deps);
      if (!done) ms.push(took);
    }
    await finished;
    if (done.ready !== IMAGES) throw new Error(`only ${done.ready} of ${IMAGES} images became ready`);
    if (!ms.length) throw new Error('the images finished before one catalogue render did');
    await exited; // the child drops its database on the way out
    return { ms, imagesMs: done.ms! };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

// `npx tsx bench/render-under-load.ts`: this figure alone.
if (import.meta.filename === process.argv[1]) {
  const { default: setupTemplate } = await import('../test/global-setup.ts');
  const { createTestContext } = await import('../test/harness.ts');
  await setupTemplate();
  const context = await createTestContext({ redis: false });
  try {
    console.log(await benchRenderUnderLoad(context));
  } finally {
    await context.close();
  }
}
