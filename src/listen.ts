import type { Server } from 'node:http';

// Outside src/http/ so the worker's metrics server can use it without loading the web edge.
/** Listens on port and host; resolves once the server accepts connections. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
