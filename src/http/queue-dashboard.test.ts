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
  it('shows an admin a page saying jobs run in the web process, with a way back to the admin', async () => {
    const admin = await signedIn(server, context.deps, { role: 'admin' });
    const response = await admin.get('/admin/queues');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.body).toMatch(/run inside the web process/);
    expect(response.body).toContain('<a href="/admin">');
    // Nothing outside this site: the page's only links and styles are its own.
    expect(response.body).not.toMatch(/https?:\/\//);
  });

  it('keeps the page from guests and non-admins', async () => {
    expect((await server.client().get('/admin/queues')).status).toBe(401);
    const buyer = await signedIn(server, context.deps, { role: 'user' });
    expect((await buyer.get('/admin/queues')).status).toBe(403);
  });

  it('answers a JSON 404 below it, never the SPA, even to an admin', async () => {
    const admin = await signedIn(server, context.deps, { role: 'admin' });
    for (const url of ['/admin/queues/api/queues', '/admin/queues/queue/mail']) {
      const response = await admin.get(url);
      expect(response.status, url).toBe(404);
      expect(response.body).toEqual({ message: 'Not found.' });
    }
    // The rest of /admin is still the React app.
    expect((await admin.get('/admin/users')).headers.get('content-type')).toMatch(/html/);
  });
});
