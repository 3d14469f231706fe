import { describe, expect, it } from 'vitest';
import { sendForm, testImage, useAdminApp } from '../../../test/admin.ts';
import { insertWidget } from '../../../test/factories.ts';

// Production's shape: Redis, BullMQ, and the images worker (the job's queue) running beside the app.
const app = useAdminApp({ workers: ['images'] });

describe('IMAGE widget renditions through BullMQ', () => {
  it('are built by the images worker after an upload', async () => {
    const widget = await insertWidget(app.context.deps.db, { name: 'WorkerMap' });
    const saved = await sendForm(
      app.admin,
      'POST',
      `/api/widgets/${widget.id}`,
      { name: widget.name, type: 'IMAGE' },
      { image: { name: 'm.png', body: await testImage(520, 300, 'png') } },
    );
    expect(saved.status).toBe(200);
    const srcset = async () => (await app.server.client().get('/api/widgets/WorkerMap')).body.srcset as { webp: string } | null;
    await expect.poll(srcset, { timeout: 20_000, interval: 200 }).not.toBeNull();
    expect((await srcset())!.webp).toMatch(new RegExp(`^/media/widgets/${widget.id}-[0-9a-f]{8}/480\\.webp 480w, .*/520\\.webp 520w$`));
  });
});
