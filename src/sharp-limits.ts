import sharp from 'sharp';
import type { Config } from './config.ts';

/** Encodes allowed at once in this process; set by {@link limitSharp}, unbounded until then. */
let encodeLimit = Infinity;
let encoding = 0;
const waiting: (() => void)[] = [];

/**
 * Bounds libvips in this process: threads per image operation, its operation cache, and how many
 * encodes run at once across all jobs. Left unbounded, twenty parallel uploads took a worker to
 * 1.2 GB: an AVIF encode of a 2400-pixel rendition alone holds about 140 MB while it runs, and
 * every job ran several. Process-wide, so called once at start by every process that runs sharp:
 * the worker, and the web process (upload checks, cleaned originals, jobs in embedded mode).
 */
export function limitSharp(config: Pick<Config, 'sharpConcurrency' | 'sharpCacheMb' | 'sharpEncodes'>): void {
  sharp.concurrency(config.sharpConcurrency);
  if (config.sharpCacheMb === 0) sharp.cache(false);
  else sharp.cache({ memory: config.sharpCacheMb, files: 0, items: 50 });
  encodeLimit = config.sharpEncodes;
}

/**
 * Runs one image encode when a slot is free (see {@link limitSharp}). The images worker wraps each
 * rendition's encode in it, so memory is bounded by the slots, not by how many jobs run.
 */
export async function withEncodeSlot<T>(encode: () => Promise<T>): Promise<T> {
  if (encoding >= encodeLimit) await new Promise<void>((resolve) => waiting.push(resolve));
  else encoding++;
  try {
    return await encode();
  } finally {
    // The slot passes straight to the next waiting encode (the count stays the same).
    const next = waiting.shift();
    if (next) next();
    else encoding--;
  }
}
