import sharp from 'sharp';
import { seed } from '../seeds/run.ts';
import type { TestContext } from '../test/harness.ts';

export interface SeedFigures {
  seedMs: number;
  /** Drawing and encoding one 1920×1000 banner-sized picture: the machine's speed at seed's slow part. */
  baselineMs: number;
  ratio: number;
}

/**
 * The demo seed on an empty database (every widget, the banner pictures, 320+ catalogue rows),
 * as the first `npm start` runs it; the renditions it queues are not part of it. Moved here from
 * seeds/run.test.ts, where a wall-clock limit failed on a busy machine.
 */
export async function benchSeed(context: TestContext): Promise<SeedFigures> {
  const started = performance.now();
  await sharp({
    create: { width: 1920, height: 1000, channels: 3, background: '#6a8f4e', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const baselineMs = performance.now() - started;

  const begin = performance.now();
  const counts = await seed(context.deps);
  const seedMs = performance.now() - begin;
  if (counts.catalogue < 300) throw new Error(`seed inserted ${counts.catalogue} catalogue rows`);
  return { seedMs, baselineMs, ratio: seedMs / baselineMs };
}
