import Router from '@koa/router';
import { createApp } from '../src/app.ts';
import setupTemplate from '../test/global-setup.ts';
import { createTestContext } from '../test/harness.ts';

/**
 * The benchmark's server, in its own process so the load generator does not share its event loop:
 * the real app on real PostgreSQL and Redis, plus a bare JSON route as the in-process baseline.
 * Tells the parent its port over IPC.
 */
await setupTemplate();
const context = await createTestContext();
await context.deps.db('widgets').insert({
  name: 'HomeText',
  type: 'TEXT',
  html: `<h2>Wholesale trees, hedging and shrubs</h2>${'<p>Grown in Kent for landscapers, councils and garden centres across the South East.</p>'.repeat(12)}`,
});
const bare = new Router();
bare.get('/bench/bare', (ctx) => {
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
