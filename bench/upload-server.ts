import setupTemplate from '../test/global-setup.ts';
import { insertUser } from '../test/auth.ts';
import { insertGallery } from '../test/factories.ts';
import { createTestContext, startTestServer } from '../test/harness.ts';

/**
 * A web process for the upload-memory benchmark: the real app, no workers (so only the upload
 * path runs here), sampling its own RSS every 10 ms. IPC: sends {port, email, password,
 * galleryId} when ready; answers 'reset' by starting a new peak, 'report' with {baseline, peak}.
 */
await setupTemplate();
const context = await createTestContext();
const server = await startTestServer(context);
const admin = await insertUser(context.deps, { role: 'admin' });
const gallery = await insertGallery(context.deps.db, { name: 'Upload bench' });

let baseline = process.memoryUsage().rss;
let peak = baseline;
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10).unref();

process.send?.({ baseUrl: server.baseUrl, email: admin.email, password: admin.password, galleryId: gallery.id });
process.on('message', async (message) => {
  if (message === 'reset') {
    global.gc?.();
    baseline = process.memoryUsage().rss;
    peak = baseline;
    process.send?.({ reset: true });
  } else if (message === 'report') {
    process.send?.({ baseline, peak });
  } else if (message === 'stop') {
    await server.close();
    await context.close();
    process.exit(0);
  }
});
