import { createContext, useCallback, useContext, useEffect, useRef } from 'react';

/**
 * What the plant list has not saved yet (a quantity being typed, a removal that can still be
 * undone), so the page can save it all before it sends the buyer elsewhere ("Request a quote").
 */
export interface PendingSaves {
  /** Adds a save to run on {@link PendingSaves.flushAll}; returns its unregister. */
  register(flush: () => Promise<boolean>): () => void;
  /** Runs every pending save now; true when all of them saved (or had nothing to save). */
  flushAll(): Promise<boolean>;
}

export function createPendingSaves(): PendingSaves {
  const flushes = new Set<() => Promise<boolean>>();
  return {
    register(flush) {
      flushes.add(flush);
      return () => void flushes.delete(flush);
    },
    async flushAll() {
      const results = await Promise.all([...flushes].map((flush) => flush()));
      return results.every(Boolean);
    },
  };
}

export const PendingSavesContext = createContext<PendingSaves | null>(null);

/** How a deferred save runs: now, while the page stays (`leaving` false), or as the page goes away. */
export type SaveRun = (leaving: boolean) => Promise<boolean> | boolean;

/**
 * A save that waits `delay` ms after the last {@link schedule} (debounced), and runs at once when
 * the page asks (flushAll), when the component goes (a route change), or when the browser hides or
 * leaves the page (pagehide, visibilitychange: then as `run(true)`). `run` is read afresh each time, so it saves what
 * is current, not what was current when it was scheduled. On leaving, `run(true)` must start its
 * write synchronously (localStorage, or a keepalive fetch): nothing after the event is sure to run.
 */
export function useDeferredSave(run: SaveRun, delay: number) {
  const pending = useContext(PendingSavesContext);
  const runRef = useRef(run);
  runRef.current = run;
  const waiting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stopTimer = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };

  // The last run's outcome: a flush with nothing waiting answers that (awaiting a save in flight,
  // or false while the value on screen could not be saved), so "all saved" is never said early.
  const last = useRef<Promise<boolean>>(Promise.resolve(true));
  const flush = useCallback((leaving = false): Promise<boolean> => {
    if (!waiting.current) return last.current;
    waiting.current = false;
    stopTimer();
    last.current = Promise.resolve(runRef.current(leaving)).catch(() => false);
    return last.current;
  }, []);

  const schedule = useCallback(
    (wait = delay) => {
      waiting.current = true;
      stopTimer();
      timer.current = setTimeout(() => void flush(), wait);
    },
    [delay, flush],
  );

  const cancel = useCallback(() => {
    waiting.current = false;
    stopTimer();
  }, []);

  useEffect(() => {
    const unregister = pending?.register(() => flush());
    const leave = () => void flush(true);
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      unregister?.();
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      // Unmounted (the buyer followed a link): saved now, the usual way, so the cached list that
      // the next page shows has it too; only a page going away needs the synchronous write.
      void flush();
    };
  }, [pending, flush]);

  return { schedule, flush, cancel };
}
