/**
 * Rules every driver shares for keys: what a valid key looks like, its public URL and the MIME
 * type it is stored and served with.
 */

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The MIME type of a key, from its extension; unknown extensions are opaque bytes. */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf('.');
  const ext = dot > key.lastIndexOf('/') ? key.slice(dot + 1).toLowerCase() : '';
  return TYPES[ext] ?? 'application/octet-stream';
}

/**
 * Whether `key` is a plain relative path: no empty, `.` or `..` segment, no leading or trailing
 * slash, no backslash or control character. Both drivers refuse other keys, so a key that would
 * escape the local root is refused by the bucket too and the two behave alike.
 */
export function isValidKey(key: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !!key && !/[\\\u0000-\u001f\u007f]/.test(key) && key.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** The key itself, or an Error for a key that {@link isValidKey} refuses (a bug in the caller). */
export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Public URL path of a key: every stored file is served through /media (src/http/media.ts). */
export function mediaUrl(key: string): string {
  return `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
}
