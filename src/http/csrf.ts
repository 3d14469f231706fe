import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { csrfMismatch } from '../errors.ts';
import { committedSessionId, requestSessionId } from './session.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Checks and hands out tokens; shared by the middleware and the guest pages' fast lane. */
function csrfTokens(appKey: Buffer, secure: boolean) {
  // A KeyObject, prepared once: an HMAC keyed by a Buffer re-imports the key on every call.
  const key = createSecretKey(createHmac('sha256', appKey).update('csrf').digest());
  const sign = (sessionId: string, nonce: string) => createHmac('sha256', key).update(`${sessionId}|${nonce}`).digest('base64url');
  const isValid = (token: string | undefined, sessionId: string): token is string => {
    if (!token) return false;
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    return safeEqual(mac, sign(sessionId, nonce));
  };
  const issue = (ctx: Context, sessionId: string): string => {
    const nonce = randomBytes(24).toString('base64url');
    const token = `${nonce}.${sign(sessionId, nonce)}`;
    ctx.state.csrfToken = token;
    ctx.cookies.set(CSRF_COOKIE, token, {
      httpOnly: false,
      sameSite: 'lax',
      secure,
      overwrite: true,
      maxAge: 12 * 60 * 60 * 1000,
    });
    return token;
  };
  return { isValid, issue };
}

/**
 * The token for a page's no-JavaScript form, for a visitor with no session (the fast lane of
 * cached guest pages, src/ssr/pages.ts, which runs before this module's middleware): the token
 * of their XSRF-TOKEN cookie when it is valid for a guest, else a new one, set as that cookie. Call
 * it only for a page that has a form, so a page without one sets no cookie.
 */
export function guestCsrfToken(appKey: Buffer, secure: boolean): (ctx: Context) => string {
  const { isValid, issue } = csrfTokens(appKey, secure);
  return (ctx) => {
    const cookie = ctx.cookies.get(CSRF_COOKIE);
    return isValid(cookie, '') ? cookie : issue(ctx, '');
  };
}

/**
 * Sanctum-style CSRF as a signed, session-bound double-submit cookie (docs/decisions/002-csrf.md):
 * a readable XSRF-TOKEN cookie holds `nonce.hmac(appKey, sessionId|nonce)`, where the session id is
 * the one in the client's session cookie ('' for a guest without one); every state-changing request
 * must echo it in X-XSRF-TOKEN (or, for a plain HTML form post, in its `_token` field). The
 * request's valid token is left in `ctx.state.csrfToken` for server-rendered forms. A forged cookie without the key fails the signature, and a token
 * minted for another client's session (or for none) fails on this one. No route is exempt.
 *
 * Mount it outside the session middleware: after `next()` it sees the session the request left
 * behind, and when login, the 2FA step, a remember-me sign-in or logout changed it, the same
 * response carries a token for the new session.
 */
export function csrfProtection(appKey: Buffer, secure: boolean): Middleware {
  const { isValid, issue } = csrfTokens(appKey, secure);

  return async (ctx, next) => {
    const sessionId = requestSessionId(ctx) ?? '';
    const cookie = ctx.cookies.get(CSRF_COOKIE);
    if (!SAFE_METHODS.has(ctx.method)) {
      const header = ctx.get(CSRF_HEADER);
      // A plain HTML form (no JavaScript) sends the token as its `_token` field instead.
      const decoded = header ? safeDecode(header) : await formToken(ctx);
      if (!isValid(cookie, sessionId) || !decoded || !safeEqual(decoded, cookie)) throw csrfMismatch();
    }
    if (isValid(cookie, sessionId)) ctx.state.csrfToken = cookie;
    // Pages and the csrf-cookie route hand out a token; JSON reads do not need one (the app asks
    // /sanctum/csrf-cookie before its first write), which keeps hot API reads cheap.
    if (ctx.path === '/sanctum/csrf-cookie' || (!isValid(cookie, sessionId) && !ctx.path.startsWith('/api/'))) issue(ctx, sessionId);
    try {
      await next();
    } finally {
      // The old token is refused on the new session, so the client gets the new one right away.
      const after = committedSessionId(ctx);
      if (after !== undefined && (after ?? '') !== sessionId) issue(ctx, after ?? '');
    }
  };
}

/** Parses url-encoded form bodies (only those: JSON and uploads keep their own parsers). */
const formParser = koaBody({ json: false, urlencoded: true, text: false, multipart: false, formLimit: '64kb' });

/**
 * The `_token` field of an url-encoded form post, or '' for any other request. The parsed form
 * stays on ctx.request.body for the route (the JSON parser leaves other types alone).
 */
async function formToken(ctx: Context): Promise<string> {
  if (!ctx.is('application/x-www-form-urlencoded')) return '';
  await formParser(ctx, async () => undefined);
  const token = (ctx.request.body as Record<string, unknown> | undefined)?._token;
  return typeof token === 'string' ? token : '';
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
