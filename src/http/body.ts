import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError } from '../errors.ts';

/** The largest JSON body any route takes (a widget's HTML travels as multipart, not here). */
const JSON_LIMIT = '256kb';

/**
 * The app-wide body parser: JSON only; multipart is parsed per route, after its guard
 * (uploads.ts). A body that cannot be read is the client's doing, so it is always a 4xx.
 */
export function jsonBody(): Middleware {
  return koaBody({ json: true, urlencoded: false, text: false, multipart: false, jsonLimit: JSON_LIMIT, onError: unreadableBody });
}

/**
 * koa-body's hook for errors while reading the body. Errors that carry a 4xx status (bad JSON,
 * too large, an unknown Content-Encoding) go on to the error handler as they are. One without a
 * status comes from the stream: zlib failing on a body that claims gzip or deflate and is not —
 * the client's fault, so 400 rather than a 500.
 */
function unreadableBody(error: Error): never {
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number') throw error;
  throw new HttpError(400, 'The request body is not valid.');
}
