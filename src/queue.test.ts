import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createInlineQueue, type Processors } from './queue.ts';

/** A processor per job name that records how many of its jobs run at once; jobs finish when told. */
function recordingProcessors() {
  const running = { images: 0, mail: 0 };
  const peak = { images: 0, mail: 0 };
  const finishers: (() => void)[] = [];
  const job = (queue: 'images' | 'mail') => async () => {
    running[queue]++;
    peak[queue] = Math.max(peak[queue], running[queue]);
    await new Promise<void>((resolve) => finishers.push(resolve));
    running[queue]--;
  };
  const processors = { 'images.renditions': job('images'), 'mail.contact': job('mail') } as unknown as Processors;
  return { processors, running, peak, finishers };
}

describe('the in-process queue driver', () => {
  it('runs at most `concurrency` jobs of one queue at once, and other queues beside them', async () => {
    const queue = createInlineQueue(pino({ level: 'silent' }), { concurrency: 2 });
    const { processors, running, peak, finishers } = recordingProcessors();
    queue.bind(processors);
    for (let i = 0; i < 20; i++) await queue.enqueue('images.renditions', { imageId: i });
    await queue.enqueue('mail.contact', { id: 1 });
    // Jobs start on later turns of the event loop: wait for the state, not for a time.
    await expect.poll(() => ({ ...running })).toEqual({ images: 2, mail: 1 }); // the mail job did not wait behind the images
    expect(await queue.counts()).toEqual({ waiting: 18, failed: 0 });

    let finished = 0;
    while (finished < 21) {
      await expect.poll(() => finishers.length).toBeGreaterThan(0);
      const batch = finishers.splice(0);
      finished += batch.length;
      batch.forEach((finish) => finish());
      expect(running.images).toBeLessThanOrEqual(2);
    }
    await queue.drain();
    expect(peak).toEqual({ images: 2, mail: 1 });
    expect(await queue.counts()).toEqual({ waiting: 0, failed: 0 });
  });
});
