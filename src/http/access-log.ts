import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logger.ts';
import { withRequestId } from '../request-context.ts';

/**
 * An `X-Request-Id` worth keeping from a proxy or a caller: the UUIDs, hex and base64url ids that
 * load balancers and tracing tools send. Anything longer or with other characters (spaces, quotes,
 * newlines that could fake a log line) is replaced by an id of our own.
 */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Probes hit these every few seconds: logged at debug so they do not drown real traffic. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Paths that carry a secret in a segment (the password reset token; the email hash of a
 * verification link). The query string is never logged at all: signatures and emails live there.
 */
const SECRET_SEGMENTS: RegExp[] = [/^(\/reset-password\/)[^/]+/, /^(\/email\/verify\/[^/]+\/)[^/]+/];

/** The request path as it may be logged: no query string, secret segments replaced. */
export function loggablePath(path: string): string {
  return SECRET_SEGMENTS.reduce((result, pattern) => result.replace(pattern, '$1[redacted]'), path);
}

/** The id for this request: the caller's when well formed, else a new UUID. */
function requestIdFor(incoming: string): string {
  return WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Outermost middleware: gives the request its id (echoed in the `X-Request-Id` response header),
 * runs everything after it inside that id's context, so every log line and every event the
 * request causes can name it, and writes one access line when the response is done: method, path,
 * status, milliseconds, bytes sent (headers included, like nginx's `$bytes_sent`), request id and
 * the signed-in user's id. Never a cookie, a header value or the query string.
 */
export function accessLog(log: Logger): Middleware {
  return async (ctx, next) => {
    const requestId = requestIdFor(ctx.get('X-Request-Id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    // The socket's byte count covers compressed and streamed bodies, whose length no header gives.
    const socket = ctx.req.socket;
    const bytesBefore = socket.bytesWritten;
    // 'close' comes after the last byte was handed to the socket, or when the client went away.
    ctx.res.once('close', () => {
      const status = ctx.res.statusCode;
      const level = PROBES.has(ctx.path) && status < 500 ? 'debug' : 'info';
      if (!log.isLevelEnabled(level)) return; // a silent logger (tests, benchmarks) costs nothing more
      const path = loggablePath(ctx.path);
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const userId = (ctx.state.user as { id?: number } | undefined)?.id;
      const line = {
        requestId,
        method: ctx.method,
        path,
        status,
        ms,
        bytes: socket.bytesWritten - bytesBefore,
        ...(userId === undefined ? {} : { userId }),
        ...(ctx.res.writableFinished ? {} : { aborted: true }),
      };
      log[level](line, `${ctx.method} ${path} ${status} ${ms} ms`);
    });
    await withRequestId(requestId, next);
  };
}
