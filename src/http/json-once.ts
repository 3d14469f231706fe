import type { Middleware } from 'koa';

/** A body Koa would answer as JSON and nothing else could be: a plain object or an array (not a stream, buffer, blob…). */
const isPlainJson = (body: unknown): body is object =>
  Array.isArray(body) || (body !== null && typeof body === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(body)));

/**
 * Serializes an object or array body to its JSON text once, on the way out. Left as an object,
 * Koa stringifies it for `ctx.response.length` (koa-compress asks, to compare with its threshold),
 * then again either in koa-compress (to compress it) or in Koa's respond (to send it): every JSON
 * answer paid two JSON.stringify calls. Mount it just inside compress. The Content-Type stays the
 * JSON one Koa set when the object was assigned.
 */
export function serializeJsonOnce(): Middleware {
  return async (ctx, next) => {
    await next();
    if (isPlainJson(ctx.body)) ctx.body = JSON.stringify(ctx.body);
  };
}
