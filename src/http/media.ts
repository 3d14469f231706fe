import Router from '@koa/router';
import type { Storage } from '../storage.ts';
import { isUploadedOriginal } from '../images/clean.ts';
import { notFound } from '../errors.ts';
import { textParam } from './params.ts';

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/**
 * Serves stored media under /media. Keys are never reused (each rendition has a fresh name), so
 * files are cached for a year. Only image types are served, always with nosniff. Uploaded gallery
 * originals are never served: they are the worker's input and keep the camera's metadata (GPS,
 * owner…), nothing links to them, and cleaning one per request would let anyone make the web
 * process decode 100-megapixel files at will. The public gets the renditions, which carry none.
 */
export function mediaRoutes(storage: Storage): Router {
  const router = new Router();
  router.get('/media/*path', async (ctx) => {
    const raw = (ctx.params as Record<string, unknown>).path;
    const key = textParam(Array.isArray(raw) ? raw.join('/') : String(raw ?? ''));
    const ext = key.split('.').pop()?.toLowerCase() ?? '';
    const type = contentTypes[ext];
    if (!type || key.includes('..') || key.startsWith('/') || isUploadedOriginal(key)) throw notFound();
    const info = await storage.stat(key);
    if (!info) throw notFound();
    ctx.type = type;
    ctx.lastModified = info.modifiedAt;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.length = info.bytes;
    ctx.body = storage.stream(key);
  });
  return router;
}
