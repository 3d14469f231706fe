import Router from '@koa/router';
import { seed } from '../seeds/run.ts';
import { createApp } from '../src/app.ts';
import setupTemplate from '../test/global-setup.ts';
import { createTestContext } from '../test/harness.ts';

/**
 * The benchmark's server, in its own process so the load generator does not share its event loop:
 * the real app on real PostgreSQL and Redis with the full demo content (banners rendered), plus a
 * bare JSON route as the in-process baseline. Tells the parent its port over IPC once ready.
 */
await setupTemplate();
const context = await createTestContext();
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
const app = createApp(context.deps, context.services, { extraRouters: [bare] });
const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as { port: number }).port });
});
process.on('message', async (message) => {
  if (message === 'stop') {
    server.close();
    await context.close();
    process.exit(0);
  }
});
