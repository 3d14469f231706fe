import sharp from 'sharp';

/** Stored uploads as their owner sent them: `galleries/{gallery}/originals/…`. */
const ORIGINAL = /^galleries\/\d+\/originals\/[^/]+$/;

/** Whether a storage key is an uploaded original (which may carry a camera's private metadata). */
export const isUploadedOriginal = (key: string) => ORIGINAL.test(key);

/** Same bound as the images worker: a decompression bomb is refused before decoding. */
const MAX_INPUT_PIXELS = 100_000_000;

const ENCODE = {
  jpeg: (s: sharp.Sharp) => s.jpeg({ quality: 92 }),
  png: (s: sharp.Sharp) => s.png(),
  webp: (s: sharp.Sharp) => s.webp({ quality: 92 }),
  avif: (s: sharp.Sharp) => s.avif({ quality: 70 }),
  gif: (s: sharp.Sharp) => s.gif(),
} as const;

/**
 * An uploaded image as the public may see it: orientation applied to the pixels, and nothing else
 * of the camera's data kept — sharp writes no EXIF (GPS, owner, serial), XMP, IPTC or ICC profile
 * unless asked (colours are converted to sRGB first). Same format as stored. Rejects an unreadable file.
 */
export function cleanImage(file: string, format: keyof typeof ENCODE): Promise<Buffer> {
  const animated = format === 'gif' || format === 'webp';
  const pipeline = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, animated }).toColourspace('srgb');
  return ENCODE[format](pipeline).toBuffer();
}
