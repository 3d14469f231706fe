import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { limitSharp, withEncodeSlot } from './sharp-limits.ts';

describe('limitSharp', () => {
  const before = { concurrency: sharp.concurrency(), cache: sharp.cache() };
  afterAll(() => {
    sharp.concurrency(before.concurrency);
    sharp.cache({ memory: before.cache.memory.max, files: before.cache.files.max, items: before.cache.items.max });
  });

  it('bounds libvips threads and cache from the configuration, by default to a worker under 512 MB', () => {
    limitSharp(loadConfig({ NODE_ENV: 'test', APP_KEY: Buffer.alloc(32, 1).toString('base64') }));
    expect(sharp.concurrency()).toBe(2);
    expect(sharp.cache().memory.max).toBe(16);

    limitSharp(
      loadConfig({ NODE_ENV: 'test', APP_KEY: Buffer.alloc(32, 1).toString('base64'), SHARP_CONCURRENCY: '2', SHARP_CACHE_MB: '0' }),
    );
    expect(sharp.concurrency()).toBe(2);
    expect(sharp.cache().memory.max).toBe(0);
  });

  it('runs no more encodes at once than SHARP_ENCODES, across all callers', async () => {
    limitSharp(loadConfig({ NODE_ENV: 'test', APP_KEY: Buffer.alloc(32, 1).toString('base64'), SHARP_ENCODES: '2' }));
    let running = 0;
    let peak = 0;
    const release: (() => void)[] = [];
    const encode = () =>
      withEncodeSlot(async () => {
        peak = Math.max(peak, ++running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
      });
    const all = Promise.all(Array.from({ length: 7 }, encode));
    let done = 0;
    while (done < 7) {
      await expect.poll(() => release.length).toBeGreaterThan(0);
      expect(running).toBeLessThanOrEqual(2);
      const batch = release.splice(0);
      done += batch.length;
      batch.forEach((finish) => finish());
    }
    await all;
    expect(peak).toBe(2);
  });

  it('refuses nonsense limits at boot', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SHARP_CONCURRENCY: '0' })).toThrow(/SHARP_CONCURRENCY/);
    expect(() => loadConfig({ NODE_ENV: 'test', SHARP_CACHE_MB: '-1' })).toThrow(/SHARP_CACHE_MB/);
    expect(() => loadConfig({ NODE_ENV: 'test', SHARP_ENCODES: '0' })).toThrow(/SHARP_ENCODES/);
  });
});

describe.runIf(process.platform === 'linux')('yieldCpuToOtherWork', () => {
  it('renices every thread of the process, and the threads libuv and libvips start later inherit it', async () => {
    // In a process of its own: a lowered priority cannot be raised again without privileges.
    const script = `
      const { readdirSync, readFileSync } = await import('node:fs');
      const { yieldCpuToOtherWork } = await import(${JSON.stringify(new URL('./sharp-limits.ts', import.meta.url).href)});
      const { loadConfig } = await import(${JSON.stringify(new URL('./config.ts', import.meta.url).href)});
      // Field 19 of a thread's stat line is its nice value (fields counted after "pid (name)").
      const nices = () => readdirSync('/proc/self/task').map((t) => Number(readFileSync('/proc/self/task/' + t + '/stat', 'utf8').split(') ')[1].split(' ')[16]));
      await (await import('node:fs/promises')).readFile('/proc/self/stat'); // libuv's pool threads exist from here
      const before = nices();
      yieldCpuToOtherWork(loadConfig({ NODE_ENV: 'test', APP_KEY: Buffer.alloc(32, 1).toString('base64'), IMAGE_WORKER_NICE: '7' }));
      const sharp = (await import('sharp')).default;
      await sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#808080' } }).avif().toBuffer();
      console.log(JSON.stringify({ before, after: nices() }));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    const { before, after } = JSON.parse(stdout) as { before: number[]; after: number[] };
    expect(before.every((nice) => nice === 0)).toBe(true);
    expect(after.length).toBeGreaterThan(before.length); // libvips started threads of its own
    expect(after.every((nice) => nice === 7)).toBe(true);
  });

  it('defaults IMAGE_WORKER_NICE to 10 and refuses values outside 0–19', () => {
    expect(loadConfig({ NODE_ENV: 'test', APP_KEY: Buffer.alloc(32, 1).toString('base64') }).imageWorkerNice).toBe(10);
    expect(() => loadConfig({ NODE_ENV: 'test', IMAGE_WORKER_NICE: '20' })).toThrow(/IMAGE_WORKER_NICE/);
    expect(() => loadConfig({ NODE_ENV: 'test', IMAGE_WORKER_NICE: '-1' })).toThrow(/IMAGE_WORKER_NICE/);
  });
});
