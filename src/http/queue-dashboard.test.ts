import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/admin.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';

let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  context = await createTestContext({ redis: false });
  server = await startTestServer(context);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

describe('/admin/queues without Redis', () => {
  it('answers a JSON 404, never the SPA, even to an admin', async () => {
    const admin = await signedIn(server, context.deps, { role: 'admin' });
    for (const url of ['/admin/queues', '/admin/queues/api/queues']) {
      const response = await admin.get(url);
      expect(response.status, url).toBe(404);
      expect(response.body).toEqual({ message: 'Not found.' });
    }
    // The rest of /admin is still the React app.
    expect((await admin.get('/admin/users')).headers.get('content-type')).toMatch(/html/);
  });
});
