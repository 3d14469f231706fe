import type { Context, Middleware } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consume } from '../limiters.ts';

/**
 * Consumes one point per request under `key(ctx)`; over the limit → 429 with Retry-After.
 */
export function rateLimit(limiter: RateLimiterAbstract, key: (ctx: Context) => string): Middleware {
  return async (ctx, next) => {
    await consume(limiter, key(ctx));
    await next();
  };
}
