import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import type { HttpTimeouts } from '../config.ts';

/**
 * The web process's HTTP server for a Koa app, with timeouts against slow clients: a connection
 * that has not sent its headers in time, or its whole request, is closed (Node answers 408), and an
 * idle keep-alive connection is dropped. Node only enforces the first two when it checks its open
 * connections, every `connectionsCheckIntervalMs` — hence that setting too. Not listening yet.
 */
export function createHttpServer(app: Koa, timeouts: HttpTimeouts): Server {
  return createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: timeouts.connectionsCheckIntervalMs,
    },
    app.callback(),
  );
}

/**
 * Stops accepting connections and resolves once the requests under way have been answered, or
 * after `graceMs`, when the remaining connections are cut. Idle keep-alive connections are closed
 * at once, and one that goes idle later is closed after its response (Node does so once closing).
 */
export function drainServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
