import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { isUniqueViolation } from '../db.ts';
import { HttpError, validationError } from '../errors.ts';

/**
 * Outermost middleware after the access log: maps known errors to the contract's bodies and
 * everything else to a 500 without internals (naming the request id). Unknown /api paths answer a JSON 404.
 */
export function errorHandler(log: Logger): Middleware {
  return async (ctx, next) => {
    // The access log (mounted first) has given the request its id; an app without it gets one here.
    const requestId = (ctx.state.requestId as string | undefined) ?? randomUUID();
    ctx.state.requestId = requestId;
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new HttpError(404, 'Not found.');
    } catch (raw) {
      const error = toHttpError(raw);
      if (error) {
        ctx.status = error.status;
        ctx.set(error.headers);
        ctx.body = error.body();
        return;
      }
      log.error({ err: raw, requestId, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = { message: 'Server error.', request_id: requestId };
    }
  };
}

/** Known error shapes: ours, koa/http-errors (bad JSON, oversized bodies), unique violations. */
function toHttpError(raw: unknown): HttpError | undefined {
  if (raw instanceof HttpError) return raw;
  if (isUniqueViolation(raw)) return validationError({ id: ['This record already exists.'] });
  const e = raw as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string; httpCode?: number };
  const status = e?.status ?? e?.statusCode ?? e?.httpCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // A JSON body past the parser's limit (a 10,000-line list) is not a file: say what is too large.
    if (status === 413) return new HttpError(413, e.type === 'entity.too.large' ? 'The request body is too large.' : 'File too large.');
    if (status === 400 || e.type === 'entity.parse.failed') return new HttpError(400, 'The request body is not valid.');
    return new HttpError(status, e.expose && e.message ? e.message : 'The request could not be processed.');
  }
  return undefined;
}
