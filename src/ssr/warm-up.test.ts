import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { captureLog } from '../../test/log-capture.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { insertWidget } from '../../test/factories.ts';
import { warmUp } from './warm-up.ts';

const captured = captureLog();
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ log: captured.log });
  await insertWidget(context.deps.db, { name: 'AboutText', html: '<p>About the nursery</p>' });
});

afterAll(async () => {
  await context?.close();
});

const counted = async (counter: { get(): Promise<{ values: { value: number }[] }> }) => (await counter.get()).values[0]?.value ?? 0;

describe('warmUp', () => {
  it('renders the pages through the whole app before it listens: the first visitor gets the page from the cache', async () => {
    const app = createApp(context.deps, context.services);
    await warmUp(app, context.deps.log, ['/about']);
    const access = await captured.waitFor((line) => line.requestId === 'warm-up' && line.path === '/about');
    expect(access.status).toBe(200);

    // The same app now listens for visitors.
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const hits = await counted(context.deps.metrics.pageCacheHits);
      const page = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/about`);
      expect(await page.text()).toContain('About the nursery');
      expect(await counted(context.deps.metrics.pageCacheHits)).toBe(hits + 1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('says so and carries on when a page does not render', async () => {
    const app = createApp(context.deps, context.services);
    await expect(warmUp(app, context.deps.log, ['/no-such-page'])).resolves.toBeUndefined();
    const warning = await captured.waitFor((line) => line.msg === 'a warm-up page did not render');
    expect(warning).toMatchObject({ path: '/no-such-page', status: 404 });
  });
});
