import { fork } from 'node:child_process';
import path from 'node:path';
import { measureHomeJavaScript } from './bundle-size.ts';
import { benchLighthouse } from './lighthouse.ts';
import { lighthouseResults } from './lighthouse-report.ts';
import { benchRenderThroughput, CACHED_PAGE } from './render-throughput.ts';
import type { BenchRun, Section } from './sections.ts';
import { benchStaticVsNginx, NGINX } from './static-vs-nginx.ts';
import { benchUncachedRender, UNCACHED_SEARCH } from './uncached-render.ts';
import { benchWidgetRoute } from './widget-route.ts';

/** Sections measured against the shared bench server (bench/server.ts), started only for them. */
const SERVER_SECTIONS: readonly Section[] = ['widget', 'bundle', 'lighthouse', 'render', 'static-vs-nginx', 'uncached'];

/**
 * The sections that measure the shared bench server, run one after another against one server
 * process, which is started only when one of them was asked for and stopped after them. If it does
 * not start, they are FAIL lines and the run goes on without them.
 */
export async function runServerSections(run: BenchRun, benchSeconds: number): Promise<void> {
  if (!SERVER_SECTIONS.some((s) => run.wants(s))) return;
  // NODE_ENV=production as deployed (Dockerfile): React's server renderer is several times slower
  // in its development build. (The app's own config stays the test one: createTestContext.)
  const server = fork(path.join(import.meta.dirname, 'server.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('message', (m) => resolve((m as { port: number }).port));
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  }).catch((error: unknown) => {
    // Its sections fail and are skipped; the other sections still run.
    for (const s of SERVER_SECTIONS) run.cannotRun(s, error);
    return 0;
  });
  const baseUrl = `http://127.0.0.1:${port}`;

  try {
    await run.section('widget', async () => {
      const route = await benchWidgetRoute(baseUrl, benchSeconds);
      run.results.push(
        {
          name: 'widget route req/s ÷ bare route req/s',
          value: `${route.ratio.toFixed(2)}× (${Math.round(route.widgetRps)} vs ${Math.round(route.bareRps)} req/s)`,
          target: '≥ 0.70×',
          ok: route.ratio >= 0.7,
        },
        {
          name: 'widget route p99 latency',
          value: `${route.widgetP99} ms (bare route ${route.bareP99} ms)`,
          target: '≤ 25 ms',
          ok: route.widgetP99 <= 25,
        },
      );
    });

    await run.section('bundle', async () => {
      const bundle = await measureHomeJavaScript(baseUrl);
      run.results.push(
        {
          name: 'gzip JS a visit to / downloads (bytes on the wire)',
          value: `${(bundle.totalGzipBytes / 1024).toFixed(1)} KB in ${bundle.requests.javascript} JavaScript requests (of ${bundle.requests.total} requests in all) (${bundle.files.map((f) => `${path.basename(f.file)} ${(f.gzipBytes / 1024).toFixed(1)}`).join(', ')}); zlib -9 of the same files: ${(bundle.totalZlib9Bytes / 1024).toFixed(1)} KB`,
          target: '≤ 150 KB',
          ok: bundle.totalGzipBytes <= 150 * 1024,
        },
        {
          name: 'CKEditor, FilePond or admin code in that JS',
          value: bundle.forbidden.length ? bundle.forbidden.join(', ') : 'none',
          target: 'none',
          ok: bundle.forbidden.length === 0,
        },
      );
    });

    // Before the load tests, on an idle server: simulated throttling scales the CPU time it saw.
    await run.section('lighthouse', async () => {
      const lh = await benchLighthouse(baseUrl, {
        runs: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
        chromePath: process.env.CHROMIUM_PATH,
      });
      run.results.push(...lighthouseResults(lh));
    });

    await run.section('render', async () => {
      const render = await benchRenderThroughput(baseUrl, benchSeconds);
      run.results.push({
        name: `${CACHED_PAGE} from the render cache req/s ÷ static index.html req/s`,
        value: `${render.ratio.toFixed(2)}× (${Math.round(render.cachedRps)} vs ${Math.round(render.staticRps)} req/s; p99 ${render.cachedP99} vs ${render.staticP99} ms)`,
        target: '≥ 0.80×',
        ok: render.ratio >= 0.8,
      });
    });

    await run.section('static-vs-nginx', async () => {
      const vs = await benchStaticVsNginx(baseUrl, server.pid!, benchSeconds);
      if (!vs) console.log(`static-vs-nginx: nginx not installed (${NGINX}); the comparison is skipped`);
      else {
        const us = (cpu: number) => `${Math.round(cpu)} µs`;
        const both = `${Math.round(vs.app.rps)} vs ${Math.round(vs.nginx.rps)} req/s, ${us(vs.app.cpuPerRequestUs)} vs ${us(vs.nginx.cpuPerRequestUs)} CPU/request; p99 ${vs.app.p99} vs ${vs.nginx.p99} ms; ${vs.gzipBytes} gzip bytes`;
        run.results.push(
          {
            name: `${vs.page} from the page cache req/s ÷ nginx serving the same gzip bytes`,
            value: `${vs.rpsRatio.toFixed(2)}× (${both})`,
            target: '≥ 0.80×',
            ok: vs.rpsRatio >= 0.8,
          },
          {
            name: `${vs.page} from the page cache CPU per request ÷ nginx's`,
            value: `${vs.cpuRatio.toFixed(1)}×`,
            target: '≤ 4×',
            ok: vs.cpuRatio <= 4,
          },
        );
        for (const file of vs.staticFiles) {
          console.log(`  static file ${file.path} from the app: ${Math.round(file.rps)} req/s, ${us(file.cpuPerRequestUs)} CPU/request`);
        }
      }
    });

    // Issue 20: a search page no one asked before costs a few milliseconds of the server's CPU.
    await run.section('uncached', async () => {
      const uncached = await benchUncachedRender(baseUrl, server.pid!);
      run.results.push(
        {
          name: `uncached search page ${UNCACHED_SEARCH}&n=<new>, p95 of ${uncached.pages} sequential requests`,
          value: `${uncached.p95} ms (p50 ${uncached.p50} ms, max ${uncached.max} ms)`,
          target: '≤ 30 ms',
          ok: uncached.p95 <= 30,
        },
        {
          name: 'uncached search page: server process CPU time per page',
          value:
            `${uncached.cpuPerPageMs} ms (idle, the process used ${uncached.idleCpuMsPerSecond} ms/s, taken off; ` +
            `${uncached.settlingCpuPerPageMs} ms over the ${uncached.settlingPages} pages before, while V8 was still optimising)`,
          target: '≤ 8 ms',
          ok: uncached.cpuPerPageMs <= 8,
        },
      );
    });
  } finally {
    if (server.connected) {
      server.send('stop');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }
}
