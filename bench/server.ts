import { createServer } from 'node:net';
import Router from '@koa/router';
import send from 'koa-send';
import { seed } from '../seeds/run.ts';
import { createApp } from '../src/app.ts';
import setupTemplate from '../test/global-setup.ts';
import { createTestContext } from '../test/harness.ts';
import { floorRouter } from './lighthouse-floor.ts';

/**
 * The benchmark's server, in its own process so the load generator does not share its event loop:
 * the real app on real PostgreSQL and Redis with the full demo content (banners rendered), plus a
 * bare JSON route, a static copy of the built index.html and each page's script-free floor
 * (bench/lighthouse-floor.ts) as in-process baselines. Tells the parent its port over IPC once
 * ready.
 */
await setupTemplate();
// The port is chosen before the app is configured, so APP_URL is the very origin the benches
// visit: absolute links the pages write (canonical, sitemap) then point at this server, as in
// production, and Lighthouse's SEO audit sees the same host it loaded.
const port = await new Promise<number>((resolve, reject) => {
  const probe = createServer().once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const context = await createTestContext({ env: { APP_URL: `http://127.0.0.1:${port}` } });
context.startWorkers();
await seed(context.deps);
// Measure an idle server: every banner rendered and the catalogue files written first.
const deadline = Date.now() + 180_000;
const busy = async () => {
  const processing = await context.deps.db('gallery_images').where({ status: 'processing' }).count({ n: '*' }).first();
  const files = await context.deps.db('catalogue_files').count({ n: '*' }).first();
  const { waiting } = await context.deps.queue.counts();
  return Number(processing?.n) > 0 || Number(files?.n) < 2 || waiting > 0;
};
while (await busy()) {
  if (Date.now() > deadline) throw new Error('demo content was not rendered in time');
  await new Promise((r) => setTimeout(r, 250));
}
const bare = new Router();
// Under /api/ like the widget route, so both pass through exactly the same middleware.
bare.get('/api/bench/bare', (ctx) => {
  ctx.body = { ok: true };
});
// The render-throughput baseline: the built index.html as a plain static file (koa-send, as the
// assets are served), through the same middleware as a page. No app route serves it as a file.
bare.get('/__bench/index.html', async (ctx) => {
  await send(ctx, 'index.html', { root: context.deps.config.webDist });
});
// The Lighthouse floor: each page's own HTML without its scripts, at this same origin.
const floor = floorRouter(`http://127.0.0.1:${port}`);
const app = createApp(context.deps, context.services, { extraRouters: [bare, floor] });
const server = app.listen(port, '127.0.0.1', () => {
  process.send?.({ port });
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  server.close();
  await context.close();
  process.exit(0);
};
process.on('message', (message) => {
  if (message === 'stop') void stop();
});
// The parent died without saying stop (a crash mid-bench): still drop the database and Redis keys.
process.on('disconnect', () => void stop());
