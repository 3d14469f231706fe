import type { Context } from 'koa';
import type { Storage } from '../storage/types.ts';
import { MissingFileError } from '../storage/types.ts';
import { ifRangeMatches, parseByteRange } from './byte-range.ts';
import { HttpError, notFound } from '../errors.ts';

/**
 * Answers a GET or HEAD with a stored file of `bytes` bytes, streamed from storage (never read
 * whole). The caller has set the type, the validators (ETag, Last-Modified) and the caching
 * headers; this decides between 304 (the client's copy is fresh), 206 (one satisfiable range),
 * 416 (a range past the end) and 200. HEAD opens no stream.
 */
export async function sendStored(ctx: Context, storage: Storage, key: string, bytes: number): Promise<void> {
  ctx.status = 200; // ctx.fresh only compares validators on a 2xx response
  ctx.set('Accept-Ranges', 'bytes');
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  // Range is defined for GET only; an If-Range naming an older version asks for the whole file.
  const wanted = ctx.method === 'GET' && ifRangeMatches(ctx.get('If-Range'), ctx.response.get('ETag'), ctx.response.get('Last-Modified'));
  const range = wanted ? parseByteRange(ctx.get('Range') || undefined, bytes) : undefined;
  if (range === 'unsatisfiable') {
    throw new HttpError(416, 'The requested range is not satisfiable.', { 'Content-Range': `bytes */${bytes}` });
  }
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${bytes}`);
  }
  if (ctx.method !== 'HEAD') {
    try {
      ctx.body = await storage.stream(key, range);
    } catch (error) {
      throw error instanceof MissingFileError ? notFound() : error; // deleted since it was looked up
    }
  }
  ctx.length = range ? range.end - range.start + 1 : bytes;
}
