import type { Middleware } from 'koa';

/**
 * When APP_URL is https, the browser talks https (to the TLS-terminating proxy) whatever the last
 * hop to this process was, so cookies are sent with Secure. Koa would decide from the hop instead
 * (the socket, or X-Forwarded-Proto from a trusted proxy) and throw "Cannot send secure cookie over
 * unencrypted connection" whenever they disagree: an untrusted proxy, a proxy that does not send
 * X-Forwarded-Proto, a plain-http health probe.
 */
export function secureCookies(): Middleware {
  return async (ctx, next) => {
    ctx.cookies.secure = true;
    await next();
  };
}
