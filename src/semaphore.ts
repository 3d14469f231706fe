/**
 * A counting semaphore: at most `limit` tasks run at once, the rest wait in arrival order. A freed
 * slot passes straight to the next waiter, so a newcomer never jumps the queue. `limit` may be
 * changed later; it applies from the next task on.
 */
export interface Semaphore {
  limit: number;
  /** Runs `task` once a slot is free, holding the slot until it settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSemaphore(limit = Infinity): Semaphore {
  let active = 0;
  const waiting: (() => void)[] = [];
  const semaphore: Semaphore = {
    limit,
    async run(task) {
      if (active >= semaphore.limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
  return semaphore;
}
