import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { MAX_INPUT_PIXELS } from './renditions.ts';
import { unsupportedMediaType, validationError } from '../errors.ts';

/** Image types accepted for upload, by the MIME type sniffed from the bytes → stored extension. */
const ACCEPTED: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
};

const WRONG_IMAGE_TYPE = 'The file must be an image (JPEG, PNG, WebP, AVIF or GIF).';

export interface CheckedImage {
  mime: string;
  /** Extension for the stored file, from the content (never the client's file name). */
  ext: string;
  /** Displayed size (EXIF orientation applied). */
  width: number;
  height: number;
}

/**
 * Checks an uploaded temp file before it goes anywhere: the type comes from its magic bytes
 * (a renamed text file or an SVG is refused with 415, whatever its name or Content-Type says),
 * then sharp reads the header only — cheap even for a huge file — to refuse unreadable images and
 * decompression bombs over the workers' pixel limit with 422. Full decoding is the worker's job,
 * unless `decode` asks for it here (files served as uploaded, with no worker to catch a truncated
 * one): a downscaled decode, cheap for JPEG (shrink-on-load), that fails on corrupt data.
 */
export async function checkImageFile(file: string, field: string, options: { decode?: boolean } = {}): Promise<CheckedImage> {
  const type = await fileTypeFromFile(file).catch(() => undefined);
  const ext = type ? ACCEPTED[type.mime] : undefined;
  if (!type || !ext) throw unsupportedMediaType(field, WRONG_IMAGE_TYPE);

  let meta: Metadata;
  try {
    meta = await headerMetadata(file);
  } catch {
    throw validationError({ [field]: ['The image could not be read; it may be corrupt.'] });
  }
  if (!meta.width || !meta.height) throw validationError({ [field]: ['The image could not be read; it may be corrupt.'] });
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    const megapixels = Math.round((meta.width * meta.height) / 1e6);
    throw validationError({
      [field]: [`The image is too large (${meta.width}×${meta.height}, ${megapixels} megapixels; the limit is ${MAX_INPUT_PIXELS / 1e6}).`],
    });
  }
  if (options.decode) {
    try {
      await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).resize(256, 256, { fit: 'inside' }).toBuffer();
    } catch {
      throw validationError({ [field]: ['The image file is incomplete or corrupt.'] });
    }
  }
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
  return { mime: type.mime, ext, width: oriented.width, height: oriented.height };
}

/** Enough of a file for its dimensions: every accepted format keeps them near the start. */
const HEAD_BYTES = 2 * 1024 * 1024;

/**
 * Reads dimensions from the file's first HEAD_BYTES only. Given the whole path, libvips reads far
 * more than the header (a 200 MiB upload cost ~200 MiB of RSS in the web process); the pixel
 * data is the images worker's business. A file whose dimensions are not in its head is refused
 * rather than read whole, so no upload can make this process hold it in memory.
 */
async function headerMetadata(file: string): Promise<Metadata> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
    return await sharp(head, { limitInputPixels: false }).metadata();
  } finally {
    await handle.close();
  }
}
