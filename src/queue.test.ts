import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createInlineQueue, type JobSpec, type Processors } from './queue.ts';

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
  const processors = { 'images.renditions': job('images'), 'mail.deliver': job('mail') } as unknown as Processors;
  return { processors, running, peak, finishers };
}

const image = (imageId: number, jobId = `e${imageId}`, dedupeKey?: string): JobSpec => ({
  name: 'images.renditions',
  data: { imageId },
  jobId,
  ...(dedupeKey ? { dedupeKey } : {}),
});

describe('the in-process queue driver', () => {
  it('runs at most `concurrency` jobs of one queue at once, and other queues beside them', async () => {
    const queue = createInlineQueue(pino({ level: 'silent' }), { images: 2, mail: 2 });
    const { processors, running, peak, finishers } = recordingProcessors();
    queue.bind(processors);
    await queue.add(Array.from({ length: 20 }, (_, i) => image(i)));
    await queue.add([{ name: 'mail.deliver', data: { id: 1 }, jobId: 'e-mail-1' }]);
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

  it('adds a job id once, folds waiting jobs with one dedupe key, and queues one behind a running job', async () => {
    const queue = createInlineQueue(pino({ level: 'silent' }), { images: 1 });
    const { processors, finishers } = recordingProcessors();
    const seen: number[] = [];
    queue.bind({
      ...processors,
      'images.renditions': async (data, meta) => {
        seen.push(data.imageId);
        await (processors['images.renditions'] as (d: unknown, m: unknown) => Promise<void>)(data, meta);
      },
    } as Processors);
    await queue.add([image(1, 'a', 'image-7'), image(1, 'a', 'image-7')]); // the same event published twice
    await expect.poll(() => seen).toEqual([1]);
    // While the first runs: the second waits behind it, the third folds into the second.
    await queue.add([image(2, 'b', 'image-7'), image(3, 'c', 'image-7')]);
    while (finishers.length || seen.length < 2) {
      await expect.poll(() => finishers.length).toBeGreaterThan(0);
      finishers.splice(0).forEach((finish) => finish());
    }
    await queue.drain();
    expect(seen).toEqual([1, 2]);
  });
});
