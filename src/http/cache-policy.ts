import type { Middleware } from 'koa';

/** A response that says it is the same for everyone (the route's own claim). */
const declaredPublic = (cacheControl: string) => /(^|,)\s*public\s*(,|$)/i.test(cacheControl);

/**
 * The one place that marks session-dependent responses. Everything the app answers may depend on
 * the session (the signed-in user, their trade approval, a page's CSRF token) unless the route says
 * otherwise by answering `Cache-Control: public` (media, the public catalogue files, site details,
 * built assets). Every other answer, errors included, gets `Vary: Cookie` and `private` — plus
 * `no-store` when the route set no policy of its own — so no shared cache keeps one person's
 * prices or account for the next. Mounted outside the error handler, it sees every final answer.
 */
export function cachePolicy(): Middleware {
  return async (ctx, next) => {
    await next();
    const cacheControl = ctx.response.get('Cache-Control');
    if (declaredPublic(cacheControl)) return;
    ctx.vary('Cookie');
    if (!cacheControl) ctx.set('Cache-Control', 'private, no-store');
    else if (!/(^|,)\s*(private|no-store)\s*(,|$)/i.test(cacheControl)) ctx.set('Cache-Control', `private, ${cacheControl}`);
  };
}
