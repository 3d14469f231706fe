import { connect, type AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, logIn } from '../../test/auth.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import { captureLog } from '../../test/log-capture.ts';
import { renderCatalogue } from '../modules/catalogue/render-job.ts';
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

  it('records catalogue PDFs streamed to their last byte as completed, even to a client that hangs up at once', async () => {
    const items = Array.from({ length: 600 }, (_, i) => ({
      genus: 'Acer',
      species: `palmatum ${i}`,
      common_name: 'Japanese maple',
      form: '3L',
      height: '40-60',
    }));
    await context.deps.db('catalogue_items').insert(items);
    await renderCatalogue(context.deps);
    // A browser-like download first, then the harshest real client: it resets the connection the
    // moment it holds the last byte, often before the server's file stream has even ended.
    const response = await fetch(`${server.baseUrl}/downloads/catalogue.pdf`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(Number(response.headers.get('content-length')));
    const ids = [response.headers.get('x-request-id')];
    for (let i = 0; i < 20; i++) ids.push(await downloadThenReset(server.baseUrl, '/downloads/catalogue.pdf', `download-${i}`));
    for (const id of ids) {
      const line = await accessLine(id);
      expect(line).toMatchObject({ path: '/downloads/catalogue.pdf', status: 200 });
      expect(line, `request ${id}`).not.toHaveProperty('aborted');
      expect(line.bytes).toBeGreaterThan(body.length);
    }
  });

  it('logs health probes at debug so they stay out of an info-level log', async () => {
    const response = await server.client().get('/healthz');
    expect((await accessLine(response.headers.get('x-request-id'))).level).toBe(20);
  });
});

/** GETs `path` over a raw socket, reads the whole body, then resets the connection at once. */
function downloadThenReset(baseUrl: string, path: string, requestId: string): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: ${requestId}\r\n\r\n`);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const received = Buffer.concat(chunks);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(/^content-length: *(\d+)/im.exec(received.subarray(0, headEnd).toString('latin1'))?.[1]);
      if (received.length - headEnd - 4 < length) return;
      socket.resetAndDestroy();
      resolve(requestId);
    });
  });
}

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

  it('records a client that gave up before any answer as aborted, with no status it was never sent', async () => {
    const capture = captureLog('info');
    const app = new Koa();
    let gaveUp!: () => void;
    let entered!: () => void;
    const clientGone = new Promise<void>((resolve) => (gaveUp = resolve));
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    app.use(accessLog(capture.log));
    app.use(async (ctx) => {
      ctx.req.socket.once('close', gaveUp);
      entered();
      await clientGone; // a slow handler: the client leaves before it answers
      ctx.body = 'too late';
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      // A real socket that sends a whole request, then is destroyed before any byte comes back.
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: gave-up-1\r\n\r\n');
      await handlerEntered;
      socket.destroy();
      const line = await capture.waitFor((r) => r.requestId === 'gave-up-1');
      expect(line).toMatchObject({ method: 'GET', path: '/slow', aborted: true, bytes: 0 });
      expect(line).not.toHaveProperty('status');
      expect(line.msg).toMatch(/^GET \/slow aborted [\d.]+ ms$/);
    } finally {
      server.close();
    }
  });

  it('redacts secret path segments only', () => {
    expect(loggablePath('/reset-password/abc')).toBe('/reset-password/[redacted]');
    expect(loggablePath('/email/verify/3/abc')).toBe('/email/verify/3/[redacted]');
    expect(loggablePath('/catalogue/genus/acer')).toBe('/catalogue/genus/acer');
  });
});
