import { existsSync, readdirSync } from 'node:fs';
import { UnrecoverableError } from 'bullmq';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../deps.ts';
import type { Renditions } from './model.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertGallery } from '../../../test/factories.ts';
import { insertGalleryImage } from '../../../seeds/factories.ts';
import { pngHeader } from '../../../test/images.ts';
import { MAX_INPUT_PIXELS, renditionKeys, renditionSizes } from '../../images/renditions.ts';
import { deleteImageFiles, renderImageRenditions } from './renditions-job.ts';
import { localFilePath } from '../../storage/local.ts';

// The shared harness with the in-process queue driver: jobs run here through the real processors.
let deps: Deps;
let context: TestContext;
let galleryId: number;

beforeAll(async () => {
  context = await createTestContext({ redis: false });
  deps = context.deps;
  galleryId = (await insertGallery(deps.db)).id;
});

afterAll(async () => {
  await context?.close();
});

/** Stores `body` as an original and inserts a processing image pointing at it. */
async function imageWith(body: Buffer, name: string) {
  const original_path = `galleries/${galleryId}/originals/${name}`;
  await deps.storage.put(original_path, body);
  return insertGalleryImage(deps.db, { gallery_id: galleryId, original_path });
}

const load = async (id: number) =>
  (await deps.db('gallery_images').where({ id }).first()) as {
    status: string;
    width: number;
    height: number;
    error: string | null;
    renditions: Renditions | null;
  };

/** The rendition folders this image has on disk (`{id}-{hex}`). */
const foldersOf = (id: number) => {
  const dir = localFilePath(deps.storage, `galleries/${galleryId}`);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith(`${id}-`)) : [];
};

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4a7a3a' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#c33"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 });

describe('renditionSizes', () => {
  it('never upscales and always offers at least one width', () => {
    expect(renditionSizes(3000, 2000).map((s) => s.width)).toEqual([480, 960, 1600, 2400]);
    expect(renditionSizes(2400, 1200).map((s) => s.width)).toEqual([480, 960, 1600, 2400]);
    expect(renditionSizes(1920, 1000).map((s) => s.width)).toEqual([480, 960, 1600, 1920]);
    expect(renditionSizes(600, 400)).toEqual([
      { width: 480, height: 320 },
      { width: 600, height: 400 },
    ]);
    expect(renditionSizes(300, 200)).toEqual([{ width: 300, height: 200 }]);
  });
});

describe('renderImageRenditions', () => {
  it('writes a thumbnail and every width in AVIF, WebP and JPEG, without metadata, and marks the image ready', async () => {
    const image = await imageWith(await photo(1920, 1000).withMetadata({ orientation: 1 }).toBuffer(), 'banner.jpg');
    await renderImageRenditions(deps, image.id); // its speed is measured in bench/image-renditions.ts, not here

    const row = await load(image.id);
    expect(row).toMatchObject({ status: 'ready', width: 1920, height: 1000, error: null });
    const r = row.renditions!;
    expect(r.widths.map((w) => [w.width, w.height])).toEqual([
      [480, 250],
      [960, 500],
      [1600, 833],
      [1920, 1000],
    ]);
    expect(r.thumb).toMatch(new RegExp(`^galleries/${galleryId}/${image.id}-[0-9a-f]{8}/`));
    const thumb = await sharp(localFilePath(deps.storage, r.thumb)).metadata();
    expect([thumb.width, thumb.height, thumb.format]).toEqual([120, 120, 'jpeg']);
    for (const w of r.widths) {
      for (const [format, expected] of [
        ['avif', 'heif'],
        ['webp', 'webp'],
        ['jpeg', 'jpeg'],
      ] as const) {
        const meta = await sharp(localFilePath(deps.storage, w[format])).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([expected, w.width, w.height]);
        expect(meta.exif).toBeUndefined();
      }
    }
  });

  it('gives a 600-pixel-wide image no width above 600', async () => {
    const image = await imageWith(await photo(600, 450).toBuffer(), 'small.jpg');
    await renderImageRenditions(deps, image.id);
    const row = await load(image.id);
    expect(row.status).toBe('ready');
    expect(row.renditions!.widths.map((w) => w.width)).toEqual([480, 600]);
  });

  it('honours the EXIF orientation', async () => {
    const image = await imageWith(await photo(600, 300).withMetadata({ orientation: 6 }).toBuffer(), 'phone.jpg');
    await renderImageRenditions(deps, image.id);
    const row = await load(image.id);
    expect([row.width, row.height]).toEqual([300, 600]);
    const largest = row.renditions!.widths.at(-1)!;
    const meta = await sharp(localFilePath(deps.storage, largest.jpeg)).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([300, 600, undefined]);
  });

  it('rotates 90° clockwise on a rebuild and removes the previous files', async () => {
    const image = await imageWith(await photo(800, 400).toBuffer(), 'rotate.jpg');
    await renderImageRenditions(deps, image.id);
    const before = (await load(image.id)).renditions!;
    await deps.db('gallery_images').where({ id: image.id }).update({ rotation: 90 });

    await renderImageRenditions(deps, image.id);
    const row = await load(image.id);
    expect([row.status, row.width, row.height]).toEqual(['ready', 400, 800]);
    expect(row.renditions!.thumb).not.toBe(before.thumb);
    for (const key of renditionKeys(before)) expect(existsSync(localFilePath(deps.storage, key))).toBe(false);
    for (const key of renditionKeys(row.renditions)) expect(existsSync(localFilePath(deps.storage, key))).toBe(true);
    expect(foldersOf(image.id)).toHaveLength(1);
  });

  it('marks a text file named .jpg as failed, leaves no files and does not ask for a retry', async () => {
    const image = await imageWith(Buffer.from('This is not a picture of a tree.\n'), 'notes.jpg');
    await expect(renderImageRenditions(deps, image.id)).rejects.toBeInstanceOf(UnrecoverableError);
    const row = await load(image.id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/not a supported image/);
    expect(row.renditions).toBeNull();
    expect(foldersOf(image.id)).toEqual([]);
  });

  it('marks a truncated JPEG as failed and leaves no files', async () => {
    const full = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    const image = await imageWith(full.subarray(0, Math.floor(full.length / 2)), 'truncated.jpg');
    await expect(renderImageRenditions(deps, image.id)).rejects.toBeInstanceOf(UnrecoverableError);
    const row = await load(image.id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/incomplete or corrupt/);
    expect(row.error).not.toMatch(/\n|at .*\(/); // a short message, no stack
    expect(foldersOf(image.id)).toEqual([]);
  });

  it('refuses a 30000×30000 image at the pixel limit from its header, without decoding it', async () => {
    expect(30000 * 30000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const image = await imageWith(pngHeader(30000, 30000), 'bomb.png');
    await expect(renderImageRenditions(deps, image.id)).rejects.toBeInstanceOf(UnrecoverableError);
    const row = await load(image.id);
    expect(row.status).toBe('failed');
    // The file is a header and a token of pixel data: had anything tried to decode it, it would
    // have failed as "incomplete or corrupt". "Too large" means the header alone refused it.
    expect(row.error).toMatch(/^The image is too large \((30000×30000, 900 megapixels; the limit is 100|over 100 megapixels)\)\.$/);
    expect(foldersOf(image.id)).toEqual([]);
  });

  it('ignores an image deleted before its job ran', async () => {
    await expect(renderImageRenditions(deps, 987654)).resolves.toBeUndefined();
  });

  it('runs through the queue and deleteImageFiles removes the original and every rendition', async () => {
    const image = await imageWith(await photo(1000, 600).toBuffer(), 'queued.jpg');
    await deps.events.record(deps.db, 'gallery_image.uploaded', { imageId: image.id });
    await deps.settle();
    const row = await load(image.id);
    expect(row.status).toBe('ready');

    await deleteImageFiles(deps.storage, { original_path: image.original_path, renditions: row.renditions });
    expect(existsSync(localFilePath(deps.storage, image.original_path))).toBe(false);
    expect(foldersOf(image.id)).toEqual([]);
  });
});
