import { fork } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export interface RenditionMemoryFigures {
  uploads: number;
  fileMiB: number;
  /** Peak RSS of the process running the jobs, as started today. */
  boundedPeakMiB: number;
  /** The same jobs with sharp's defaults, every job at once and glibc's default arenas (the behaviour before the bounds). */
  baselinePeakMiB: number;
  ratio: number;
  boundedSeconds: number;
  baselineSeconds: number;
}

interface RunFigures {
  peakMiB: number;
  startMiB: number;
  ms: number;
  ready: number;
}

/** A 4000×3000 photo-like JPEG of about 6 MB (noise keeps the encoder honest). */
async function makeSixMegabyteJpeg(): Promise<Buffer> {
  const noise = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(noise).jpeg({ quality: 88 }).toBuffer();
}

function run(mode: 'baseline' | 'bounded', file: string, uploads: number): Promise<RunFigures> {
  // Bounded runs as `npm run worker` and the Dockerfile start a worker: with two malloc arenas.
  const { MALLOC_ARENA_MAX: _inherited, ...env } = process.env;
  const child = fork(path.join(import.meta.dirname, 'rendition-memory-child.ts'), [mode, file, String(uploads)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: 'inherit',
    env: mode === 'bounded' ? { ...env, MALLOC_ARENA_MAX: '2' } : env,
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as RunFigures));
    child.once('exit', (code) => reject(new Error(`rendition-memory ${mode} run exited with ${code} before reporting`)));
  });
}

/**
 * `uploads` parallel ~6 MB uploads through the images worker's rendition processor, each mode in a
 * fresh process: peak resident memory with today's bounds against the unbounded baseline.
 */
export async function benchRenditionMemory(uploads = 20): Promise<RenditionMemoryFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nursery-rendition-memory-'));
  try {
    const file = path.join(dir, 'upload.jpg');
    await writeFile(file, await makeSixMegabyteJpeg());
    const fileMiB = (await stat(file)).size / 2 ** 20;
    const baseline = await run('baseline', file, uploads);
    const bounded = await run('bounded', file, uploads);
    for (const [mode, figures] of [
      ['baseline', baseline],
      ['bounded', bounded],
    ] as const) {
      if (figures.ready !== uploads) throw new Error(`${mode}: only ${figures.ready} of ${uploads} images became ready`);
    }
    return {
      uploads,
      fileMiB,
      boundedPeakMiB: bounded.peakMiB,
      baselinePeakMiB: baseline.peakMiB,
      ratio: bounded.peakMiB / baseline.peakMiB,
      boundedSeconds: bounded.ms / 1000,
      baselineSeconds: baseline.ms / 1000,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/rendition-memory.ts`: this figure alone (bench/run.ts includes it in the full run).
if (import.meta.filename === process.argv[1]) {
  const { default: setupTemplate } = await import('../test/global-setup.ts');
  await setupTemplate();
  console.log(await benchRenditionMemory(Number(process.env.BENCH_UPLOADS ?? 20)));
}
