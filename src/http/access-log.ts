import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
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

/**
 * How a response ended: `completed` once the whole body was handed to the socket, `cut` when the
 * client left after the status line was sent, and `aborted` when it left before any answer.
 * 'finish' alone is not enough: a client that closes the moment it has the last byte of a streamed
 * download can do so before the file stream has even ended, let alone before Node reports
 * 'finish' — so a response whose socket took the headers and every byte of its declared length is
 * complete too. `sent` is what the socket took for this response.
 */
export function responseOutcome(res: ServerResponse, sent: number): 'completed' | 'cut' | 'aborted' {
  if (res.writableFinished || res.writableEnded) return 'completed';
  if (!res.headersSent) return 'aborted';
  const length = Number(res.getHeader('content-length'));
  // Node keeps the serialized status line and headers here once they are sent.
  const header = (res as unknown as { _header?: string | null })._header;
  const whole = typeof header === 'string' && Number.isFinite(length) && sent >= Buffer.byteLength(header) + length;
  return whole ? 'completed' : 'cut';
}

/** The id for this request: the caller's when well formed, else a new UUID. */
export function requestIdFor(incoming: string): string {
  return WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
}

/** What an access line says of a request; the rest comes from its response. */
export interface LoggedRequest {
  requestId: string;
  method: string;
  /** The request path, without its query string (logged as {@link loggablePath}). */
  path: string;
  /** The signed-in user's id, read when the line is written. */
  userId?: () => number | undefined;
  /** When the request arrived (`performance.now()`); by default, the call. */
  started?: number;
}

/**
 * The access-line writer of {@link accessLog}, for whatever answers a request: from the call, it
 * writes one line when the response is done.
 */
export function accessLines(log: Logger): (res: ServerResponse, request: LoggedRequest) => void {
  // Every field of an access line is one this function wrote from a checked value (the id is well
  // formed, the path has its secrets replaced), never a logged object: the logger's redaction of
  // secrets in objects (src/logger.ts) finds nothing here, yet walking its paths cost ~10× the
  // rest of writing the line. The child keeps the level, destination and request-id mixin.
  const lines = log.child({}, { redact: [] });
  return (res, { requestId, method, path: requestPath, userId, started = performance.now() }) => {
    // The socket's byte count covers compressed and streamed bodies, whose length no header gives.
    const socket = res.req.socket;
    const bytesBefore = socket.bytesWritten;
    // 'close' comes after the last byte was handed to the socket, or when the client went away.
    res.once('close', () => {
      const bytes = socket.bytesWritten - bytesBefore;
      const outcome = responseOutcome(res, bytes);
      const status = res.statusCode;
      const level = PROBES.has(requestPath) && status < 500 ? 'debug' : 'info';
      if (!lines.isLevelEnabled(level)) return; // a silent logger (tests, benchmarks) costs nothing more
      const path = loggablePath(requestPath);
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const user = userId?.();
      const line = {
        requestId,
        method,
        path,
        // A client that left before the answer was sent got no status: Koa's default 404 is not one.
        ...(outcome === 'aborted' ? {} : { status }),
        ms,
        bytes,
        ...(user === undefined ? {} : { userId: user }),
        ...(outcome === 'completed' ? {} : { aborted: true }),
      };
      lines[level](line, `${method} ${path} ${outcome === 'aborted' ? 'aborted' : status} ${ms} ms`);
    });
  };
}

/**
 * Outermost middleware: gives the request its id (echoed in the `X-Request-Id` response header),
 * runs everything after it inside that id's context, so every log line and every event the
 * request causes can name it, and writes one access line when the response is done: method, path,
 * status, milliseconds, bytes sent (headers included, like nginx's `$bytes_sent`), request id and
 * the signed-in user's id. Never a cookie, a header value or the query string.
 */
export function accessLog(log: Logger): Middleware {
  const logWhenDone = accessLines(log);
  return async (ctx, next) => {
    const requestId = requestIdFor(ctx.get('X-Request-Id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    logWhenDone(ctx.res, {
      requestId,
      method: ctx.method,
      path: ctx.path,
      userId: () => (ctx.state.user as { id?: number } | undefined)?.id,
    });
    await withRequestId(requestId, next);
  };
}
