import sharp, { type Sharp } from 'sharp';
import { withEncodeSlot } from '../sharp-limits.ts';
import { MAX_INPUT_PIXELS } from './renditions.ts';

/** Stored uploads as their owner sent them: `galleries/{gallery}/originals/…`. */
const ORIGINAL = /^galleries\/\d+\/originals\/[^/]+$/;

/** Whether a storage key is an uploaded original (which may carry a camera's private metadata). */
export const isUploadedOriginal = (key: string) => ORIGINAL.test(key);

const ENCODE: Record<string, (s: Sharp) => Sharp> = {
  jpg: (s: Sharp) => s.jpeg({ quality: 92 }),
  jpeg: (s: Sharp) => s.jpeg({ quality: 92 }),
  png: (s: Sharp) => s.png(),
  webp: (s: Sharp) => s.webp({ quality: 92 }),
  avif: (s: Sharp) => s.avif({ quality: 70 }),
  gif: (s: Sharp) => s.gif(),
};

/**
 * An uploaded image as the public may see it: orientation applied to the pixels, and nothing else
 * of the camera's data kept — sharp writes no EXIF (GPS, owner, serial), XMP, IPTC or ICC profile
 * unless asked (colours are converted to sRGB first). Same format as the file extension `ext`
 * (jpg, jpeg, png, webp, avif, gif). Rejects an unreadable file or an unknown extension.
 */
export async function cleanImage(file: string, ext: string): Promise<Buffer> {
  const encode = ENCODE[ext.toLowerCase()];
  if (!encode) throw new Error(`No image format for .${ext}`);
  const animated = ext === 'gif' || ext === 'webp';
  // Bounded like the worker's encodes: a burst of widget saves must not pile up decodes.
  return withEncodeSlot(() =>
    encode(sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, animated }).toColourspace('srgb')).toBuffer(),
  );
}
