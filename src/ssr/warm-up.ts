import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { listen } from '../listen.ts';
import type { Logger } from '../logger.ts';

/** The home page, and a catalogue search: the kind of render every new search pays for. */
const WARM_UP_PAGES: readonly string[] = ['/', '/catalogue?q=acer'];

/**
 * Requests a few pages through the whole app before the web process listens, so that no visitor
 * pays for what only the first render does: loading the server-render bundle and the pages' route
 * chunks, the first, unoptimised runs of React and of the app's code, the database pool's first
 * connections. The requests go through a private listener on the loopback interface, closed
 * afterwards, so they take exactly a visitor's path; the pages stay in the page cache. It adds a
 * few hundred milliseconds to the start. A failure is logged and the start goes on: pages are then
 * rendered on demand, as they would have been anyway.
 */
export async function warmUp(app: Koa, log: Logger, paths: readonly string[] = WARM_UP_PAGES): Promise<void> {
  const server = createServer(app.callback());
  try {
    await listen(server, 0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    for (const path of paths) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { accept: 'text/html', 'x-request-id': 'warm-up' } });
      await response.arrayBuffer();
      if (!response.ok) log.warn({ path, status: response.status }, 'a warm-up page did not render');
    }
  } catch (err) {
    log.warn({ err }, 'warming up the pages failed; they are rendered on demand');
  } finally {
    server.close();
  }
}
