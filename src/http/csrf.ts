import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { csrfMismatch } from './errors.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sanctum-style CSRF as a signed double-submit cookie (docs/decisions/002-csrf.md): a readable
 * XSRF-TOKEN cookie holds `nonce.hmac(appKey, nonce)`; every state-changing request must echo it in
 * X-XSRF-TOKEN. A forged cookie without the key fails the signature; a cross-site page can neither
 * read the cookie nor set the header. No route is exempt.
 */
export function csrfProtection(appKey: Buffer, secure: boolean): Middleware {
  const key = createHmac('sha256', appKey).update('csrf').digest();
  const sign = (nonce: string) => createHmac('sha256', key).update(nonce).digest('base64url');
  const isValid = (token: string | undefined): token is string => {
    if (!token) return false;
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    return safeEqual(mac, sign(nonce));
  };
  const issue = (ctx: Context) => {
    const nonce = randomBytes(24).toString('base64url');
    ctx.cookies.set(CSRF_COOKIE, `${nonce}.${sign(nonce)}`, {
      httpOnly: false,
      sameSite: 'lax',
      secure,
      overwrite: true,
      maxAge: 12 * 60 * 60 * 1000,
    });
  };

  return async (ctx, next) => {
    const cookie = ctx.cookies.get(CSRF_COOKIE);
    if (!SAFE_METHODS.has(ctx.method)) {
      const header = ctx.get(CSRF_HEADER);
      const decoded = header ? safeDecode(header) : '';
      if (!isValid(cookie) || !decoded || !safeEqual(decoded, cookie)) throw csrfMismatch();
    }
    // Pages and the csrf-cookie route hand out a token; JSON reads do not need one (the app asks
    // /sanctum/csrf-cookie before its first write), which keeps hot API reads cheap.
    if (ctx.path === '/sanctum/csrf-cookie' || (!isValid(cookie) && !ctx.path.startsWith('/api/'))) issue(ctx);
    await next();
  };
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** Clients (axios-style) send the cookie value URL-encoded. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
