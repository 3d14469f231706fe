import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sendForm, testImage, useAdminApp } from '../../test/admin.ts';
import { insertGallery } from '../../test/factories.ts';
import { renditionKeys } from '../images/renditions.ts';
import type { Renditions } from '../modules/galleries/model.ts';
import { renderImageRenditions } from '../modules/galleries/renditions-job.ts';

/**
 * The picture path with files in a bucket: an admin's upload streams into it, the renditions job
 * reads the original back through a temp file and writes every rendition into it, the web process
 * serves them from it, and no temp file stays on this host.
 */
const app = useAdminApp({ storage: 's3' });

const varPath = (...parts: string[]) => path.join(app.context.deps.config.varDir, ...parts);
const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
const row = (id: number) =>
  app.context.deps.db('gallery_images').where({ id }).first() as Promise<{
    status: string;
    width: number;
    height: number;
    original_path: string;
    renditions: Renditions | null;
  }>;

describe('gallery images in an S3 bucket', () => {
  it('uploads, renders and serves through the bucket, leaving nothing on local disk', async () => {
    const { storage } = app.context.deps;
    expect(storage.driver).toBe('s3');
    const gallery = await insertGallery(app.context.deps.db, { name: 'In the bucket' });
    const photo = await testImage(1200, 800);

    const uploaded = await sendForm(
      app.admin,
      'POST',
      '/api/galleriesimages',
      { gallery_id: String(gallery.id) },
      { file: { name: 'photo.jpg', body: photo, type: 'image/jpeg' } },
    );
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.id as number;
    const original = (await row(id)).original_path;
    expect((await storage.get(original)).equals(photo)).toBe(true); // the upload's bytes, in the bucket
    expect(entries(varPath('tmp'))).toEqual([]); // the upload's temp file went with the move

    await renderImageRenditions(app.context.deps, id);
    const image = await row(id);
    expect(image).toMatchObject({ status: 'ready', width: 1200, height: 800 });
    const keys = renditionKeys(image.renditions);
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys) expect(await storage.stat(key), key).toBeDefined();
    expect(entries(varPath('tmp'))).toEqual([]); // the original's temp copy for sharp is gone
    expect(existsSync(varPath('storage'))).toBe(false); // nothing went to the local folder

    // Any web process serves them from the bucket, as stored.
    const largest = image.renditions!.widths.at(-1)!;
    const served = await app.server.client().get(storage.url(largest.webp));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.raw.equals(await storage.get(largest.webp))).toBe(true);
    expect((await sharp(served.raw).metadata()).width).toBe(largest.width);
    const thumb = await app.server.client().get(storage.url(image.renditions!.thumb), { range: 'bytes=0-1' });
    expect(thumb.status).toBe(206);
    expect([...thumb.raw]).toEqual([0xff, 0xd8]); // a JPEG's first bytes

    // Deleting the image removes its files from the bucket.
    expect((await app.admin.delete(`/api/galleriesimages/${id}`)).status).toBe(204);
    for (const key of [original, ...keys]) expect(await storage.stat(key), key).toBeUndefined();
  });

  it('marks an image whose original is missing from the bucket as failed, without retrying', async () => {
    const gallery = await insertGallery(app.context.deps.db, { name: 'Lost original' });
    const uploaded = await sendForm(
      app.admin,
      'POST',
      '/api/galleriesimages',
      { gallery_id: String(gallery.id) },
      { file: { name: 'p.jpg', body: await testImage(640, 480), type: 'image/jpeg' } },
    );
    const id = uploaded.body.id as number;
    await app.context.deps.storage.delete((await row(id)).original_path);
    await expect(renderImageRenditions(app.context.deps, id)).rejects.toThrow('The original image file is missing.');
    expect((await row(id)).status).toBe('failed');
    expect(entries(varPath('tmp'))).toEqual([]);
  });
});
