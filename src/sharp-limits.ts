import sharp from 'sharp';
import type { Config } from './config.ts';
import { createSemaphore } from './semaphore.ts';

/** Encodes allowed at once in this process; bounded by {@link limitSharp}, unbounded until then. */
const encodes = createSemaphore();

/**
 * Bounds libvips in this process: threads per image operation, its operation cache, and how many
 * encodes run at once across all jobs. Left unbounded, twenty parallel uploads took a worker to
 * 1.2 GB: an AVIF encode of a 2400-pixel rendition alone holds about 140 MB while it runs, and
 * every job ran several. Process-wide, so called once at start by every process that runs sharp:
 * the worker, and the web process (upload checks, cleaned widget images, jobs in embedded mode).
 */
export function limitSharp(config: Pick<Config, 'sharpConcurrency' | 'sharpCacheMb' | 'sharpEncodes'>): void {
  sharp.concurrency(config.sharpConcurrency);
  if (config.sharpCacheMb === 0) sharp.cache(false);
  else sharp.cache({ memory: config.sharpCacheMb, files: 0, items: 50 });
  encodes.limit = config.sharpEncodes;
}

/**
 * Runs one image encode when a slot is free (see {@link limitSharp}). The images worker wraps each
 * rendition's encode in it, so memory is bounded by the slots, not by how many jobs run.
 */
export function withEncodeSlot<T>(encode: () => Promise<T>): Promise<T> {
  return encodes.run(encode);
}
