import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { withEncodeSlot } from '../sharp-limits.ts';
import { MissingFileError, type Storage } from '../storage/types.ts';

/**
 * The picture pipeline shared by gallery images and IMAGE widgets: decode a stored original once,
 * encode a thumbnail and responsive widths in AVIF, WebP and JPEG. Each build writes into a fresh
 * folder because media is served `immutable` for a year: a rotated or replaced picture never
 * reuses an old URL.
 */

/** A picture's files: the admin thumbnail and one entry per responsive width. */
export interface Renditions {
  thumb: string;
  widths: { width: number; height: number; avif: string; webp: string; jpeg: string }[];
}

/** Folders a build writes (`galleries/{gallery}/{image}-{8 hex}`, `widgets/{widget}-{8 hex}`). */
const OWN_FOLDER = /^(galleries\/\d+|widgets)\/\d+-[0-9a-f]{8}$/;

/** Decompression-bomb guard: originals above ~100 megapixels are refused before decoding. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** Responsive widths offered to browsers; never wider than the original. */
const RENDITION_WIDTHS = [480, 960, 1600, 2400] as const;
/** Admin grid thumbnail, cover-cropped square (spec §9). */
const THUMB_SIZE = 120;
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

/** Input that can never succeed however often it is retried (corrupt, not an image, too large). */
export class BadImageError extends Error {}

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
  // Decoded once into raw pixels; every encode below works from them, so the original (a temp
  // copy when it lives in a bucket) is needed only inside this call.
  const { master, width, height } = await storage
    .withLocalFile(image.original_path, (file) => decodeOriginal(file, image.rotation))
    .catch((error: unknown) => {
      throw error instanceof MissingFileError ? new BadImageError('The original image file is missing.') : error;
    });
  const sizes = renditionSizes(width, height);
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

/** Reads the original's size and decodes it, oriented and rotated, to raw pixels at the widest rendition. */
async function decodeOriginal(file: string, rotation: number) {
  const meta = await guard(sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  if (!meta.width || !meta.height) throw new BadImageError('The file is not a readable image.');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new BadImageError(tooLargeMessage(meta.width, meta.height));
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const quarterTurn = normaliseRotation(rotation) % 180 === 90;
  const width = quarterTurn ? oriented.height : oriented.width;
  const height = quarterTurn ? oriented.width : oriented.height;
  const top = renditionSizes(width, height).at(-1)!;
  // failOn 'error' refuses truncated and broken files yet tolerates harmless decoder warnings.
  const master = await guard(
    sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true })
      .rotate(normaliseRotation(rotation))
      .resize({ width: top.width, height: top.height, fit: 'fill' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true }),
  );
  return { master, width, height };
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
  const folders = new Set(keys.map((k) => path.posix.dirname(k)).filter((f) => OWN_FOLDER.test(f)));
  await Promise.all([...folders].map((f) => storage.deletePrefix(f)));
}

/** 0, 90, 180 or 270: whatever the column holds, as a clockwise quarter-turn angle. */
function normaliseRotation(rotation: number): number {
  return (((Math.round(rotation / 90) * 90) % 360) + 360) % 360;
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
    if (/unsupported image format/i.test(text))
      throw new BadImageError('The file is not a supported image (JPEG, PNG, WebP, AVIF, GIF or TIFF).');
    if (/premature end|truncated|end of (file|stream|data)/i.test(text))
      throw new BadImageError('The image file is incomplete or corrupt.');
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
