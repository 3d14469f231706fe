import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../../../test/admin.ts';
import { insertGallery } from '../../../test/factories.ts';
import { insertGalleryImage } from '../../../seeds/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { MAX_RENDER_ATTEMPTS, PROCESSING_FAILED_MESSAGE, RENDER_DEADLINE_MS } from './model.ts';
import { localFilePath } from '../../storage/local.ts';

/**
 * Images left `processing` by a killed rendition job. The kill is simulated by its traces: a row
 * past its deadline that names the job's folder, with partial renditions and a half-written temp
 * file in it. Time moves on an injected clock. Run with both queue drivers: BullMQ (production)
 * and the in-process driver (embedded mode).
 */
describe.each([
  { driver: 'BullMQ', redis: true },
  { driver: 'in-process', redis: false },
])('recovering stuck images ($driver driver)', ({ redis }) => {
  let context: TestContext;
  let galleryId: number;
  let clock: Date;

  beforeAll(async () => {
    context = await createTestContext({ redis });
    if (redis) context.startWorkers(['images']);
    clock = new Date('2026-11-23T09:00:00Z');
    context.deps.now = () => clock;
    galleryId = (await insertGallery(context.deps.db)).id;
  });
  afterAll(async () => {
    await context?.close();
  });

  const load = (id: number) => context.deps.db('gallery_images').where({ id }).first();
  const stored = (key: string) => existsSync(localFilePath(context.deps.storage, key));

  /** An image whose rendition job died after `attempts` starts, leaving part of its folder behind. */
  async function killedJob(attempts: number) {
    const original_path = `galleries/${galleryId}/originals/killed-${attempts}-${Date.now()}.jpg`;
    await context.deps.storage.put(original_path, await testImage(640, 480));
    const image = await insertGalleryImage(context.deps.db, { gallery_id: galleryId, original_path });
    const folder = `galleries/${galleryId}/${image.id}-0badc0de`;
    const leftovers = [`${folder}/thumb.jpg`, `${folder}/480.avif`, `${folder}/480.webp.4242.1763888400000.tmp`];
    for (const key of leftovers) await context.deps.storage.put(key, Buffer.from('partial'));
    await context.deps
      .db('gallery_images')
      .where({ id: image.id })
      .update({
        render_attempts: attempts,
        rendering_folder: folder,
        processing_deadline: new Date(clock.getTime() + RENDER_DEADLINE_MS),
      });
    return { id: image.id, folder, leftovers };
  }

  it('leaves images alone until their deadline passes', async () => {
    const { id, leftovers } = await killedJob(1);
    clock = new Date(clock.getTime() + RENDER_DEADLINE_MS - 1000);
    expect(await context.services.imageRecovery.recoverStuck()).toEqual({ requeued: [], failed: [] });
    expect((await load(id)).status).toBe('processing');
    for (const key of leftovers) expect(stored(key), key).toBe(true);
    await context.deps.db('gallery_images').where({ id }).delete(); // out of the next tests' way
  });

  it('removes a killed job’s partial folder and temp files, queues the image again, and it becomes ready', async () => {
    const { id, folder, leftovers } = await killedJob(1);
    clock = new Date(clock.getTime() + RENDER_DEADLINE_MS + 1000);
    expect(await context.services.imageRecovery.recoverStuck()).toEqual({ requeued: [id], failed: [] });
    for (const key of leftovers) expect(stored(key), key).toBe(false);
    expect(stored(folder)).toBe(false);

    await context.deps.settle();
    await expect.poll(async () => (await load(id)).status, { timeout: 20_000, interval: 100 }).toBe('ready');
    const ready = await load(id);
    expect(ready).toMatchObject({ render_attempts: 0, rendering_folder: null, processing_deadline: null, error: null });
    expect(stored(ready.renditions.thumb)).toBe(true);
    // A second sweep finds nothing stuck.
    clock = new Date(clock.getTime() + RENDER_DEADLINE_MS + 1000);
    expect(await context.services.imageRecovery.recoverStuck()).toEqual({ requeued: [], failed: [] });
  });

  it('marks the image failed, with its leftovers removed, once the last attempt died too', async () => {
    const { id, folder } = await killedJob(MAX_RENDER_ATTEMPTS);
    clock = new Date(clock.getTime() + RENDER_DEADLINE_MS + 1000);
    expect(await context.services.imageRecovery.recoverStuck()).toEqual({ requeued: [], failed: [id] });
    expect(await load(id)).toMatchObject({
      status: 'failed',
      error: PROCESSING_FAILED_MESSAGE,
      rendering_folder: null,
      processing_deadline: null,
    });
    expect(stored(folder)).toBe(false);
    // Nothing was queued for it: it stays failed until the admin presses Retry.
    await context.deps.settle();
    expect((await load(id)).status).toBe('failed');
  });
});
