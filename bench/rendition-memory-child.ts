import { createReadStream } from 'node:fs';
import { limitSharp } from '../src/sharp-limits.ts';
import { insertGallery } from '../test/factories.ts';
import { insertGalleryImage } from '../seeds/factories.ts';
import setupTemplate from '../test/global-setup.ts';
import { createTestContext } from '../test/harness.ts';

/**
 * One measured run of `rendition-memory.ts`, alone in its own process so its RSS is its own:
 * `baseline` is the old behaviour (sharp's defaults, every job at once), `bounded` the process as
 * started today (limitSharp and the queue's concurrency from the default configuration).
 * argv: mode, path of the JPEG, number of uploads. Replies {peakMiB, startMiB, ms, ready} over IPC.
 */
const [mode, jpeg, count] = [process.argv[2] as 'baseline' | 'bounded', process.argv[3]!, Number(process.argv[4] ?? 20)];
await setupTemplate(); // (re)builds the migrated template if another run on this server dropped it
const context = await createTestContext({ redis: false, env: mode === 'baseline' ? { WORKER_CONCURRENCY: String(count) } : {} });
if (mode === 'bounded') limitSharp(context.deps.config);
try {
  const gallery = await insertGallery(context.deps.db, { name: `Memory ${mode}` });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const key = `galleries/${gallery.id}/originals/upload-${i}.jpg`;
    await context.deps.storage.put(key, createReadStream(jpeg));
    ids.push((await insertGalleryImage(context.deps.db, { gallery_id: gallery.id, original_path: key })).id);
  }
  global.gc?.();
  const startMiB = process.memoryUsage.rss() / 2 ** 20;
  let peak = startMiB;
  // libvips works on its own threads, so the main thread is free to sample while jobs run.
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss() / 2 ** 20);
  }, 20);
  const started = performance.now();
  // Twenty uploads arriving together: each records its event, as the upload route does.
  for (const id of ids) await context.deps.events.record(context.deps.db, 'gallery_image.uploaded', { imageId: id });
  await context.deps.settle();
  const ms = performance.now() - started;
  clearInterval(sampler);
  const ready = Number(
    (await context.deps.db('gallery_images').whereIn('id', ids).where({ status: 'ready' }).count({ n: '*' }).first())!.n,
  );
  process.send!({ peakMiB: peak, startMiB, ms, ready });
} finally {
  await context.close();
}
