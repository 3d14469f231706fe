import type { ByteRange } from '../storage/types.ts';

/**
 * The one byte range a Range header asks of a representation of `size` bytes (RFC 9110 §14):
 * `bytes=0-99`, `bytes=100-`, `bytes=-100` (the last 100). Answers:
 * - a range, clipped to the file: serve 206;
 * - 'unsatisfiable' when the one range starts past the end (or the file is empty): 416;
 * - undefined when there is no header, it is malformed, or it asks for several ranges: serve the
 *   whole file, 200, as the RFC allows (multipart/byteranges is not worth its cost here).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header?.trim().match(/^bytes\s*=\s*(\d*)\s*-\s*(\d*)$/i);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined; // invalid, so ignored
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * Whether an If-Range precondition lets the Range apply: it must name the current representation
 * by its strong ETag, or by exactly its Last-Modified date. Absent → true.
 */
export function ifRangeMatches(ifRange: string | undefined, etag: string | undefined, lastModified: string | undefined): boolean {
  const value = ifRange?.trim();
  if (!value) return true;
  if (value.startsWith('"') || value.startsWith('W/')) return !!etag && !etag.startsWith('W/') && value === etag;
  const date = Date.parse(value);
  return !!lastModified && !Number.isNaN(date) && date === Date.parse(lastModified);
}
