import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * One process's Prometheus metrics (docs/decisions/011-metrics.md). A registry per process, not
 * prom-client's global one, so a test can build several apps in one process without their series
 * colliding. The defaults give event-loop delay (`nodejs_eventloop_lag_*`) and memory
 * (`process_resident_memory_bytes`, `nodejs_heap_size_used_bytes`). Every label has a bounded set
 * of values: route patterns, never raw URLs.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the response ending, by method, matched route pattern and status ("aborted": the client left before an answer)',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    pageCacheHits: new Counter({
      name: 'ssr_page_cache_hits_total',
      help: 'Server-rendered pages answered from the page cache',
      registers: [registry],
    }),
    pageCacheMisses: new Counter({
      name: 'ssr_page_cache_misses_total',
      help: 'Cacheable server-rendered pages that had to be rendered',
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'job_duration_seconds',
      help: 'Time one attempt of a job took in this process, by queue, job name and outcome (completed or failed)',
      labelNames: ['queue', 'job', 'outcome'] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
