import { measureInitialBundle } from './bundle-size.ts';
import { benchWidgetRoute } from './widget-route.ts';

/**
 * `npm run bench`: prints every figure with its target. Speeds are ratios against a baseline
 * measured in the same run, so the machine's speed cancels out. Exits 1 if a target is missed.
 */
const results: { name: string; value: string; target: string; ok: boolean }[] = [];

const route = await benchWidgetRoute(Number(process.env.BENCH_SECONDS ?? 6));
results.push(
  { name: 'widget route req/s ÷ bare route req/s', value: `${route.ratio.toFixed(2)}× (${Math.round(route.widgetRps)} vs ${Math.round(route.bareRps)} req/s)`, target: '≥ 0.70×', ok: route.ratio >= 0.7 },
  { name: 'widget route p99 latency', value: `${route.widgetP99} ms (bare ${route.bareP99} ms)`, target: '≤ 25 ms', ok: route.widgetP99 <= 25 },
);

const bundle = measureInitialBundle();
results.push(
  { name: 'gzip JS loaded by /', value: `${(bundle.totalGzipBytes / 1024).toFixed(1)} KB in ${bundle.files.length} files`, target: '≤ 150 KB', ok: bundle.totalGzipBytes <= 150 * 1024 },
  { name: 'CKEditor, FilePond or admin code in / JS', value: bundle.forbidden.length ? bundle.forbidden.join(', ') : 'none', target: 'none', ok: bundle.forbidden.length === 0 },
);

console.log('\nBenchmark results');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}: ${r.value}  (target ${r.target})`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
