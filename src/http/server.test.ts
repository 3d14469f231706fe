import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { TestClient } from '../../test/http-client.ts';
import { createHttpServer } from './server.ts';
import { listen } from '../listen.ts';

// Small timeouts so Node's connection check fires within the test; no assertion is about time:
// each test waits for the server to close the sockets ('close' events).
let context: TestContext;
let server: Server;
let port: number;

beforeAll(async () => {
  context = await createTestContext({
    redis: false,
    env: { HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600', HTTP_KEEP_ALIVE_TIMEOUT_MS: '300', HTTP_TIMEOUT_CHECK_MS: '50' },
  });
  server = createHttpServer(createApp(context.deps, context.services), context.deps.config.http);
  await listen(server, 0, '127.0.0.1');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await context?.close();
});

/** Opens a raw connection, writes `text` and keeps the socket open; resolves when connected. */
function halfSend(text: string): Promise<Socket & { received: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      resolve(Object.assign(socket, { received: '' }));
    }) as Socket & { received: string };
    socket.on('data', (chunk) => (socket.received += chunk));
    socket.on('error', reject);
  });
}
const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('the HTTP server against slow clients', () => {
  it('closes many connections that never finish their headers', async () => {
    const sockets = await Promise.all(Array.from({ length: 50 }, () => halfSend('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ')));
    await Promise.all(sockets.map(closed));
    for (const socket of sockets) expect(socket.received).not.toContain('200 OK');
  });

  it('closes a connection whose request body never arrives in full', async () => {
    // A valid CSRF pair, so the request gets past the CSRF check to the body parser, which waits.
    const client = await new TestClient(`http://127.0.0.1:${port}`).csrf();
    const token = client.cookies.get('XSRF-TOKEN')!;
    const socket = await halfSend(
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n' +
        `Cookie: XSRF-TOKEN=${token}\r\nX-XSRF-TOKEN: ${decodeURIComponent(token)}\r\n\r\n{"name":`,
    );
    await closed(socket);
    expect(socket.received).toContain('408 Request Timeout');
  });

  it('closes an idle keep-alive connection after answering', async () => {
    const socket = await halfSend('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await closed(socket);
    expect(socket.received).toContain('HTTP/1.1 200 OK');
  });

  it('still answers a normal request', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});
