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

    limitSharp(loadConfig({ NODE_ENV: 'test', APP_KEY: Buffer.alloc(32, 1).toString('base64'), SHARP_CONCURRENCY: '2', SHARP_CACHE_MB: '0' }));
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
