import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { listen } from '../listen.ts';

/**
 * The metrics endpoint: `GET /metrics` on a port of its own (METRICS_PORT in the web process,
 * WORKER_METRICS_PORT in a worker), never on the public port, so it needs no token — the port is
 * simply not published to the internet (docs/decisions/011-metrics.md). Plain node:http, no Koa:
 * the worker does not load Koa.
 */
export async function startMetricsServer(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`metrics failed: ${(error as Error).message}\n`);
      },
    );
  });
  await listen(server, port, host);
  return server;
}
