import type { Middleware } from 'koa';

/**
 * The security headers every response carries. Scripts come only from this origin (no inline
 * scripts); inline style attributes are allowed because React and Swiper set element styles.
 */
export function securityHeaderFields(options: { hsts: boolean }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...(options.hsts ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Sets {@link securityHeaderFields} on every response. */
export function securityHeaders(options: { hsts: boolean }): Middleware {
  const fields = securityHeaderFields(options);
  return async (ctx, next) => {
    ctx.set(fields);
    await next();
  };
}
