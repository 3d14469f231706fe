import autocannon from 'autocannon';

export interface RouteFigures {
  bareRps: number;
  widgetRps: number;
  ratio: number;
  bareP99: number;
  widgetP99: number;
}

const run = (url: string, duration: number) =>
  autocannon({ url, connections: 50, duration, headers: { accept: 'application/json' } }).then((r) => {
    if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { rps: r.requests.average, p99: r.latency.p99 };
  });

/**
 * GET /api/widgets/HomeText against a bare JSON route in the same server process, 50 connections.
 * Runs each twice, alternating, after a warm-up, and averages, so drift hits both alike.
 */
export async function benchWidgetRoute(baseUrl: string, duration = 6): Promise<RouteFigures> {
  await run(`${baseUrl}/api/bench/bare`, 2);
  await run(`${baseUrl}/api/widgets/HomeText`, 2);
  const bare: { rps: number; p99: number }[] = [];
  const widget: { rps: number; p99: number }[] = [];
  for (let round = 0; round < 2; round++) {
    bare.push(await run(`${baseUrl}/api/bench/bare`, duration));
    widget.push(await run(`${baseUrl}/api/widgets/HomeText`, duration));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const bareRps = mean(bare.map((b) => b.rps));
  const widgetRps = mean(widget.map((w) => w.rps));
  return {
    bareRps,
    widgetRps,
    ratio: widgetRps / bareRps,
    bareP99: Math.max(...bare.map((b) => b.p99)),
    widgetP99: Math.max(...widget.map((w) => w.p99)),
  };
}
