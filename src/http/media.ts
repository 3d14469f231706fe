import Router from '@koa/router';
import { contentTypeOf, isValidKey } from '../storage/keys.ts';
import type { Storage } from '../storage/types.ts';
import { isUploadedOriginal } from '../images/clean.ts';
import { notFound } from '../errors.ts';
import { textParam } from './params.ts';
import { sendStored } from './send-stored.ts';

/**
 * Serves stored media under /media, streamed from whichever storage driver holds it (a bucket
 * included, so any web process serves what any worker wrote). Keys are never reused (each
 * rendition has a fresh name), so files are cached for a year; the storage's ETag and Range
 * support serve revalidation and resumed or seeking downloads. Only image types are served,
 * always with nosniff. Uploaded gallery originals are never served: they are the worker's input
 * and keep the camera's metadata (GPS, owner…), nothing links to them, and cleaning one per
 * request would let anyone make the web process decode 100-megapixel files at will. The public
 * gets the renditions, which carry none.
 */
export function mediaRoutes(storage: Storage): Router {
  const router = new Router();
  router.get('/media/*path', async (ctx) => {
    const raw = (ctx.params as Record<string, unknown>).path;
    const key = textParam(Array.isArray(raw) ? raw.join('/') : String(raw ?? ''));
    const type = contentTypeOf(key);
    if (!type.startsWith('image/') || !isValidKey(key) || isUploadedOriginal(key)) throw notFound();
    const info = await storage.stat(key);
    if (!info) throw notFound();
    ctx.type = type;
    ctx.set('ETag', info.etag);
    ctx.lastModified = info.modifiedAt;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    await sendStored(ctx, storage, key, info.bytes);
  });
  return router;
}
