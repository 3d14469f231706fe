import { renderImageRenditions } from '../src/modules/galleries/renditions-job.ts';
import { createSemaphore } from '../src/semaphore.ts';
import { limitSharp, yieldCpuToOtherWork } from '../src/sharp-limits.ts';
import { insertGallery } from '../test/factories.ts';
import { insertGalleryImage } from '../seeds/factories.ts';
import setupTemplate from '../test/global-setup.ts';
import { createTestContext } from '../test/harness.ts';
import { make24MegapixelJpeg } from './image-renditions.ts';

/**
 * The image load of `render-under-load.ts`: an images worker process, as production runs one
 * (`npm run worker -- --queues images`), with its sharp bounds (limitSharp), its queue's
 * concurrency and, when `niced`, the CPU priority an images-only worker gives itself
 * (yieldCpuToOtherWork), rendering `count` 24-megapixel uploads. argv: count, concurrency, niced|plain.
 * IPC: sends {ready} once the uploads are stored, starts on "go", sends {done, ms, ready} at the end.
 */
const [count, concurrency, niced] = [Number(process.argv[2] ?? 10), Number(process.argv[3] ?? 2), process.argv[4] === 'niced'];
await setupTemplate();
const context = await createTestContext({ redis: false });
limitSharp(context.deps.config);
if (niced) yieldCpuToOtherWork(context.deps.config);
try {
  const jpeg = await make24MegapixelJpeg();
  const gallery = await insertGallery(context.deps.db, { name: 'Load' });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const key = `galleries/${gallery.id}/originals/load-${i}.jpg`;
    await context.deps.storage.put(key, jpeg);
    ids.push((await insertGalleryImage(context.deps.db, { gallery_id: gallery.id, original_path: key, status: 'processing' })).id);
  }
  process.send!({ ready: true });
  await new Promise((resolve) => process.once('message', resolve));
  const started = performance.now();
  const slots = createSemaphore(concurrency);
  await Promise.all(ids.map((id) => slots.run(() => renderImageRenditions(context.deps, id))));
  const ms = performance.now() - started;
  const ready = Number(
    (await context.deps.db('gallery_images').whereIn('id', ids).where({ status: 'ready' }).count({ n: '*' }).first())!.n,
  );
  process.send!({ done: true, ms, ready });
} finally {
  await context.close();
}
