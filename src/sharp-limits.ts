import { readdirSync } from 'node:fs';
import os from 'node:os';
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

/**
 * Gives this process's CPU time the lowest claim on the machine: nice `IMAGE_WORKER_NICE`. For a
 * process that runs image work only (`npm run worker -- --queues images`), never for web or a
 * worker with other queues, which it would slow as well. A separate process already keeps image
 * jobs out of the others' libuv pool; on a host shared with them it still competed for the cores,
 * and on two cores a catalogue render beside ten 24-megapixel uploads took twice as long. Niced,
 * uploads take what the others leave (and everything on a host of their own).
 *
 * Linux keeps the nice value per thread and a new thread inherits its creator's, so every thread
 * running now is reniced; libuv's and libvips's threads started later inherit it.
 */
export function yieldCpuToOtherWork(config: Pick<Config, 'imageWorkerNice'>): void {
  const nice = config.imageWorkerNice;
  if (nice === 0) return;
  let threads: number[] = [];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    // not Linux: the process's priority is the one setting
  }
  if (threads.length === 0) os.setPriority(nice);
  for (const thread of threads) os.setPriority(thread, nice);
}
