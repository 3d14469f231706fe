import sharp from 'sharp';
import { renderImageRenditions } from '../src/modules/galleries/renditions-job.ts';
import { insertGallery } from '../test/factories.ts';
import { insertGalleryImage } from '../seeds/factories.ts';
import type { TestContext } from '../test/harness.ts';

export interface RenditionFigures {
  megapixels: number;
  renditionsMs: number;
  /** One full-size decode and JPEG encode of the same file: the machine's speed at this job. */
  baselineMs: number;
  ratio: number;
}

/** A 6000×4000 (24 MP) photo-like JPEG: gradients plus noise, so encoders cannot cheat. */
export async function make24MegapixelJpeg(): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const base = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b7d3a"/><stop offset="1" stop-color="#c9e3a1"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)" opacity="0.7"/></svg>`,
  );
  return sharp(base)
    .composite([{ input: gradient }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The images worker's full job (EXIF orientation, thumbnail, every width in AVIF, WebP and JPEG)
 * on a 24-megapixel JPEG, timed; the baseline is one plain decode + encode of the same file.
 */
export async function benchImageRenditions(context: TestContext): Promise<RenditionFigures> {
  const jpeg = await make24MegapixelJpeg();
  const started = Date.now();
  await sharp(jpeg).jpeg({ quality: 80 }).toBuffer();
  const baselineMs = Date.now() - started;

  const gallery = await insertGallery(context.deps.db, { name: 'Bench' });
  const key = `bench/original-${Date.now()}.jpg`;
  await context.deps.storage.put(key, jpeg);
  const image = await insertGalleryImage(context.deps.db, { gallery_id: gallery.id, original_path: key, status: 'processing' });
  const begin = Date.now();
  await renderImageRenditions(context.deps, image.id);
  const renditionsMs = Date.now() - begin;
  const row = await context.deps.db('gallery_images').where({ id: image.id }).first();
  if (row.status !== 'ready') throw new Error(`renditions ended ${row.status}: ${row.error}`);
  return { megapixels: 24, renditionsMs, baselineMs, ratio: renditionsMs / baselineMs };
}
