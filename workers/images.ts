import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import sharp, { type Sharp } from 'sharp';
import type { Deps } from '../src/deps.ts';
import { isWidgetRenditionFolder } from '../src/modules/widgets/model.ts';
import { isRenditionFolder, PROCESSING_FAILED_MESSAGE, RENDER_DEADLINE_MS, type Renditions } from '../src/modules/galleries/model.ts';
import { withEncodeSlot } from '../src/sharp-limits.ts';
import type { Storage } from '../src/storage.ts';

/**
 * The image renditions job: load the gallery image by id, render its thumbnail and responsive
 * widths from the stored original, save, then remove whatever renditions it replaced.
 *
 * Every build writes into a fresh folder `galleries/{gallery}/{image}-{8 hex}/`, because media is
 * served `immutable` for a year: a rotated image must never reuse an old URL.
 */

/** Decompression-bomb guard: originals above ~100 megapixels are refused before decoding. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** Responsive widths offered to browsers; never wider than the original. */
export const RENDITION_WIDTHS = [480, 960, 1600, 2400] as const;
/** Admin grid thumbnail, cover-cropped square (spec §9). */
export const THUMB_SIZE = 120;
/** Caps very tall images: keeps every rendition inside WebP's 16383 px limit and memory bounded. */
const MAX_RENDITION_HEIGHT = 4800;
/** Encodes one job keeps in flight; the process-wide bound (withEncodeSlot) is usually tighter. */
const PARALLEL_ENCODES = 2;

const FORMATS = {
  avif: (s: Sharp) => s.avif({ quality: 50, effort: 2 }),
  webp: (s: Sharp) => s.webp({ quality: 75 }),
  // JPEG has no alpha: flatten onto white rather than let transparent areas turn black.
  jpeg: (s: Sharp) => s.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
} as const;
type Format = keyof typeof FORMATS;

interface ImageRow {
  id: number;
  gallery_id: number;
  original_path: string;
  rotation: number;
  renditions: Renditions | null;
}

/** Input that can never succeed however often it is retried (corrupt, not an image, too large). */
export class BadImageError extends Error {}

/** Optional knowledge of the job's retries, so the last failed attempt can leave a visible status. */
export interface RenditionOptions {
  /** True on the job's final attempt: a transient failure then marks the image failed too. */
  lastAttempt?: boolean;
}

/**
 * Renders (or re-renders, after a rotate) one gallery image's renditions and marks it ready.
 * A deleted image is ignored. Bad input marks the image failed, removes partial files and throws
 * `UnrecoverableError` so the queue does not retry; other errors (storage, database) are rethrown
 * for the queue's retry with backoff, leaving no partial files either way.
 */
export async function renderImageRenditions(
  deps: Pick<Deps, 'db' | 'storage' | 'log' | 'now'>,
  imageId: number,
  options: RenditionOptions = {},
): Promise<void> {
  const { db, storage, log } = deps;
  const finished = { rendering_folder: null, processing_deadline: null };
  // A rotate during the build makes the result stale; build again (a running BullMQ job with the
  // same id would have swallowed the rotate's own job, so this one must catch up).
  for (let pass = 1; pass <= 3; pass++) {
    const image = await db<ImageRow>('gallery_images').where({ id: imageId }).first('id', 'gallery_id', 'original_path', 'rotation', 'renditions');
    if (!image) return; // deleted since it was queued: nothing to do

    const folder = `galleries/${image.gallery_id}/${image.id}-${randomBytes(4).toString('hex')}`;
    // Recorded before the first file is written: if this process is killed, the recovery sweep
    // finds the row past its deadline and removes this folder (with any half-written temp files).
    await db('gallery_images')
      .where({ id: imageId })
      .update({
        rendering_folder: folder,
        processing_deadline: new Date(deps.now().getTime() + RENDER_DEADLINE_MS),
        ...(pass === 1 ? { render_attempts: db.raw('render_attempts + 1') } : {}),
      });
    // Each finished file pushes the deadline on, so only a job that stopped making progress counts as stuck.
    const heartbeat = () =>
      db('gallery_images')
        .where({ id: imageId, rendering_folder: folder })
        .update({ processing_deadline: new Date(deps.now().getTime() + RENDER_DEADLINE_MS) });
    let built: { renditions: Renditions; width: number; height: number };
    try {
      built = await buildRenditions(storage, image, folder, heartbeat);
    } catch (error) {
      await storage.deletePrefix(folder).catch((err: unknown) => log.warn({ err, folder }, 'could not remove partial renditions'));
      if (!(error instanceof BadImageError) && !options.lastAttempt) throw error;
      const message = error instanceof BadImageError ? error.message : PROCESSING_FAILED_MESSAGE;
      log.warn({ err: error, imageId }, 'image renditions failed');
      await db('gallery_images').where({ id: imageId }).update({ status: 'failed', error: message, ...finished, updated_at: db.fn.now() });
      throw new UnrecoverableError(message);
    }

    let saved: { outcome: 'deleted' | 'stale' | 'superseded' } | { outcome: 'saved'; previous: Renditions | null };
    try {
      saved = await db.transaction(async (trx) => {
        const current = await trx<ImageRow & { rendering_folder: string | null }>('gallery_images')
          .where({ id: imageId })
          .forUpdate()
          .first('rotation', 'original_path', 'renditions', 'rendering_folder');
        if (!current) return { outcome: 'deleted' as const };
        // The recovery sweep gave up on this job (and may have removed its folder), or a newer job
        // for this image started: that one saves its own files.
        if (current.rendering_folder !== folder) return { outcome: 'superseded' as const };
        if ((current.rotation !== image.rotation || current.original_path !== image.original_path) && pass < 3) {
          return { outcome: 'stale' as const };
        }
        await trx('gallery_images')
          .where({ id: imageId })
          .update({
            status: 'ready',
            renditions: JSON.stringify(built.renditions),
            width: built.width,
            height: built.height,
            error: null,
            render_attempts: 0,
            ...finished,
            updated_at: trx.fn.now(),
          });
        return { outcome: 'saved' as const, previous: current.renditions };
      });
    } catch (error) {
      await storage.deletePrefix(folder); // the retry builds a new folder; this one would be orphaned
      throw error;
    }

    if (saved.outcome === 'saved') {
      // Only after the commit: until then the old files are what the site serves.
      await deleteRenditionFiles(storage, saved.previous);
      return;
    }
    await storage.deletePrefix(folder);
    if (saved.outcome !== 'stale') return;
  }
}

/**
 * Writes one picture's renditions into `folder`: decodes the stored original once (oriented,
 * rotated, scaled to the widest rendition), then encodes the thumbnail and every width and format
 * from that. Returns the files' keys and the oriented size. Unusable input throws BadImageError;
 * the caller removes the folder on any failure. Gallery images and IMAGE widgets share it.
 */
export async function buildRenditions(
  storage: Storage,
  image: { original_path: string; rotation: number },
  folder: string,
  progress: () => Promise<unknown> = async () => {},
): Promise<{ renditions: Renditions; width: number; height: number }> {
  const file = storage.localPath(image.original_path);
  if (!(await storage.stat(image.original_path))) throw new BadImageError('The original image file is missing.');

  const meta = await guard(sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  if (!meta.width || !meta.height) throw new BadImageError('The file is not a readable image.');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new BadImageError(tooLargeMessage(meta.width, meta.height));
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const quarterTurn = normaliseRotation(image.rotation) % 180 === 90;
  const width = quarterTurn ? oriented.height : oriented.width;
  const height = quarterTurn ? oriented.width : oriented.height;

  const sizes = renditionSizes(width, height);
  const top = sizes.at(-1)!;
  // failOn 'error' refuses truncated and broken files yet tolerates harmless decoder warnings.
  const master = await guard(
    sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true })
      .rotate(normaliseRotation(image.rotation))
      .resize({ width: top.width, height: top.height, fit: 'fill' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true }),
  );
  const raw = { width: master.info.width, height: master.info.height, channels: master.info.channels };
  const from = () => sharp(master.data, { raw });

  const key = (name: string) => `${folder}/${name}`;
  const tasks: (() => Promise<void>)[] = [
    async () => {
      const thumb = FORMATS.jpeg(from().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover', position: 'attention' }));
      await storage.put(key('thumb.jpg'), await withEncodeSlot(() => guard(thumb.toBuffer())));
      await progress();
    },
  ];
  for (const size of sizes) {
    for (const format of Object.keys(FORMATS) as Format[]) {
      tasks.push(async () => {
        const pipeline = from().resize({ width: size.width, height: size.height, fit: 'fill' });
        await storage.put(key(`${size.width}.${format}`), await withEncodeSlot(() => guard(FORMATS[format](pipeline).toBuffer())));
        await progress();
      });
    }
  }
  await runLimited(tasks, PARALLEL_ENCODES);

  const renditions: Renditions = {
    thumb: key('thumb.jpg'),
    widths: sizes.map((s) => ({
      width: s.width,
      height: s.height,
      avif: key(`${s.width}.avif`),
      webp: key(`${s.width}.webp`),
      jpeg: key(`${s.width}.jpeg`),
    })),
  };
  return { renditions, width, height };
}

/**
 * The rendition sizes of an image of the given (oriented) size, narrowest first: every standard
 * width up to the original's, plus the original width when it is narrower than the largest
 * standard one. Never upscales; at least one size always.
 */
export function renditionSizes(width: number, height: number): { width: number; height: number }[] {
  const widths: number[] = RENDITION_WIDTHS.filter((w) => w <= width);
  if (width < RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1]! && !widths.includes(width)) widths.push(width);
  const sizes = new Map<number, { width: number; height: number }>();
  for (const w of widths) {
    const scale = Math.min(w / width, MAX_RENDITION_HEIGHT / height);
    const size = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    sizes.set(size.width, size); // a height-capped image can map two widths onto one
  }
  return [...sizes.values()].sort((a, b) => a.width - b.width);
}

/** Storage keys of every file in a renditions record. */
export function renditionKeys(renditions: Renditions | null | undefined): string[] {
  if (!renditions) return [];
  return [renditions.thumb, ...renditions.widths.flatMap((w) => [w.avif, w.webp, w.jpeg])].filter(Boolean);
}

/** Deletes a renditions record's files and, when it is one of ours, its folder. */
export async function deleteRenditionFiles(storage: Storage, renditions: Renditions | null | undefined): Promise<void> {
  const keys = renditionKeys(renditions);
  await Promise.all(keys.map((k) => storage.delete(k)));
  const folders = new Set(keys.map((k) => path.posix.dirname(k)).filter((f) => isRenditionFolder(f) || isWidgetRenditionFolder(f)));
  await Promise.all([...folders].map((f) => storage.deletePrefix(f)));
}

/**
 * Deletes every file of a gallery image: the original and all renditions. For the image and
 * gallery delete routes; call it after the row's delete has committed.
 */
export async function deleteImageFiles(
  storage: Storage,
  image: { original_path: string | null; renditions: Renditions | null | undefined },
): Promise<void> {
  await deleteRenditionFiles(storage, image.renditions);
  if (image.original_path) await storage.delete(image.original_path);
}

/** 0, 90, 180 or 270: whatever the column holds, as a clockwise quarter-turn angle. */
function normaliseRotation(rotation: number): number {
  return ((Math.round(rotation / 90) * 90) % 360 + 360) % 360;
}

function tooLargeMessage(width: number, height: number): string {
  return `The image is too large (${width}×${height}, ${Math.round((width * height) / 1e6)} megapixels; the limit is ${MAX_INPUT_PIXELS / 1e6}).`;
}

/** Turns any libvips failure into a short message for the admin; the details go to the log. */
async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(text)) throw new BadImageError(`The image is too large (over ${MAX_INPUT_PIXELS / 1e6} megapixels).`);
    if (/unsupported image format/i.test(text)) throw new BadImageError('The file is not a supported image (JPEG, PNG, WebP, AVIF, GIF or TIFF).');
    if (/premature end|truncated|end of (file|stream|data)/i.test(text)) throw new BadImageError('The image file is incomplete or corrupt.');
    throw new BadImageError('The image could not be read; it may be corrupt.', { cause: error });
  }
}

/** Runs tasks with at most `limit` in flight; rejects with the first failure after all settle. */
async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  let failure: unknown;
  const lane = async () => {
    while (next < tasks.length && failure === undefined) {
      const task = tasks[next++]!;
      await task().catch((error: unknown) => {
        failure ??= error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  if (failure !== undefined) throw failure;
}
