import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore.ts';

/** A task that runs until `finish` is called, recording how many ran at once. */
function gate(track: { running: number; peak: number; order: number[] }, id: number) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const task = async () => {
    track.order.push(id);
    track.peak = Math.max(track.peak, ++track.running);
    await done;
    track.running--;
    return id;
  };
  return { task, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createSemaphore', () => {
  it('runs at most `limit` tasks at once, the rest in arrival order, and passes results and errors through', async () => {
    const semaphore = createSemaphore(2);
    const track = { running: 0, peak: 0, order: [] as number[] };
    const gates = [1, 2, 3, 4].map((id) => gate(track, id));
    const results = gates.map((g) => semaphore.run(g.task));
    await settle();
    expect(track.order).toEqual([1, 2]);
    gates[1]!.finish();
    await settle();
    expect(track.order).toEqual([1, 2, 3]);
    gates[0]!.finish();
    gates[2]!.finish();
    gates[3]!.finish();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
    expect(track.peak).toBe(2);
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await semaphore.run(async () => 'free again')).toBe('free again');
  });

  it('applies a changed limit to the next task', async () => {
    const semaphore = createSemaphore();
    semaphore.limit = 1;
    const track = { running: 0, peak: 0, order: [] as number[] };
    const [a, b] = [gate(track, 1), gate(track, 2)];
    const results = [semaphore.run(a.task), semaphore.run(b.task)];
    await settle();
    expect(track.order).toEqual([1]);
    a.finish();
    b.finish();
    await Promise.all(results);
    expect(track.peak).toBe(1);
  });
});
