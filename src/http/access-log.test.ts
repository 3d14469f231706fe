import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, logIn } from '../../test/auth.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import { captureLog } from '../../test/log-capture.ts';
import { accessLog, loggablePath } from './access-log.ts';
import { errorHandler } from './error-handler.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('access log in the app', () => {
  const capture = captureLog('debug');
  let context: TestContext;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  /** The access line of the request whose response carried this id. */
  const accessLine = (requestId: string | null) => capture.waitFor((r) => r.requestId === requestId && typeof r.status === 'number');

  beforeAll(async () => {
    context = await createTestContext({ redis: false, log: capture.log });
    server = await startTestServer(context);
  });
  afterAll(async () => {
    await server?.close();
    await context?.close();
  });

  it('writes one line per request with method, path, status, time, bytes and a new request id it echoes', async () => {
    const response = await server.client().get('/api/site');
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(UUID);
    const line = await accessLine(requestId);
    expect(line).toMatchObject({ level: 30, method: 'GET', path: '/api/site', status: response.status });
    expect(line.ms).toEqual(expect.any(Number));
    expect(line.bytes).toBeGreaterThan(response.raw.length); // the body plus the headers
    expect(line).not.toHaveProperty('userId');
    expect(capture.records().filter((r) => r.requestId === requestId && typeof r.status === 'number')).toHaveLength(1);
  });

  it('keeps a well-formed incoming X-Request-Id and replaces a malformed one', async () => {
    const kept = await server.client().get('/api/site', { 'x-request-id': 'lb-7f3a9c.42:edge_1' });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a9c.42:edge_1');
    await accessLine('lb-7f3a9c.42:edge_1');

    for (const malformed of ['two words', 'a'.repeat(129), '"quoted"', 'id{"level":60}', '']) {
      const replaced = await server.client().get('/api/site', { 'x-request-id': malformed });
      const requestId = replaced.headers.get('x-request-id');
      expect(requestId).toMatch(UUID);
      await accessLine(requestId);
    }
    expect(capture.lines.join('')).not.toContain('two words');
  });

  it('names the signed-in user, and never writes a cookie, the query string or a reset token', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = server.client();
    await logIn(client, email, password);
    const cookie = [...client.cookies.values()];
    expect(cookie.length).toBeGreaterThan(0);

    const signedIn = await client.get('/api/user');
    expect(signedIn.status).toBe(200);
    const userLine = await accessLine(signedIn.headers.get('x-request-id'));
    expect(userLine.userId).toBe((signedIn.body as { data: { id: number } }).data.id);

    const reset = await client.get('/reset-password/secret-reset-token-5f1e?email=someone%40example.com&signature=sig-8c2d');
    const resetLine = await accessLine(reset.headers.get('x-request-id'));
    expect(resetLine.path).toBe('/reset-password/[redacted]');
    const verify = await client.get('/email/verify/12/email-hash-77aa?expires=1&signature=sig-8c2d');
    expect((await accessLine(verify.headers.get('x-request-id'))).path).toBe('/email/verify/12/[redacted]');

    const written = capture.lines.join('');
    for (const secret of [...cookie, 'secret-reset-token-5f1e', 'someone', 'sig-8c2d', 'email-hash-77aa', password]) {
      expect(written).not.toContain(secret);
    }
  });

  it('logs health probes at debug so they stay out of an info-level log', async () => {
    const response = await server.client().get('/healthz');
    expect((await accessLine(response.headers.get('x-request-id'))).level).toBe(20);
  });
});

/** Sends one request to `app` on a port of its own, then closes it. */
async function requestOnce(app: Koa, path: string, headers: Record<string, string> = {}) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { headers });
    // Read it all: the access line is written after the last byte.
    return { status: response.status, requestId: response.headers.get('x-request-id'), text: await response.text() };
  } finally {
    server.close();
  }
}

describe('accessLog()', () => {
  it('runs the rest of the request inside its id: every line logged there names it', async () => {
    const capture = captureLog('info');
    const app = new Koa();
    app.use(accessLog(capture.log));
    app.use(async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 1)); // across an await, as real handlers log
      capture.log.info('inside the handler');
      ctx.body = 'ok';
    });
    const response = await requestOnce(app, '/x', { 'x-request-id': 'given-1' });
    expect(response.requestId).toBe('given-1');
    await capture.waitFor((r) => r.status === 200);
    expect(capture.records().map((r) => [r.msg?.replace(/[\d.]+ ms$/, 'N ms'), r.requestId])).toEqual([
      ['inside the handler', 'given-1'],
      ['GET /x 200 N ms', 'given-1'],
    ]);
  });

  it('gives a failed request one id: in the header, the 500 body, the error line and the access line', async () => {
    const capture = captureLog('info');
    const app = new Koa();
    app.silent = true;
    app.use(accessLog(capture.log));
    app.use(errorHandler(capture.log));
    app.use(() => {
      throw new Error('database went away');
    });
    const response = await requestOnce(app, '/api/boom');
    const { requestId } = response;
    expect(response.status).toBe(500);
    expect(JSON.parse(response.text)).toEqual({ message: 'Server error.', request_id: requestId });
    await capture.waitFor((r) => r.status === 500);
    expect(capture.records().map((r) => [r.msg?.replace(/[\d.]+ ms$/, 'N ms'), r.requestId])).toEqual([
      ['request failed', requestId],
      ['GET /api/boom 500 N ms', requestId],
    ]);
  });

  it('redacts secret path segments only', () => {
    expect(loggablePath('/reset-password/abc')).toBe('/reset-password/[redacted]');
    expect(loggablePath('/email/verify/3/abc')).toBe('/email/verify/3/[redacted]');
    expect(loggablePath('/catalogue/genus/acer')).toBe('/catalogue/genus/acer');
  });
});
