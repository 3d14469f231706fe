import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A catalogue search, as a buyer types it: never asked before, so the page cache always misses. */
export const UNCACHED_SEARCH = '/catalogue?q=acer';

export interface UncachedFigures {
  pages: number;
  p50: number;
  p95: number;
  max: number;
  /** The server process's CPU time (every thread: zlib's pool too) ÷ pages rendered, in ms, less its idle use. */
  cpuPerPageMs: number;
  /** What the same process used while no request came (its queue workers, timers), in ms per second. */
  idleCpuMsPerSecond: number;
  /** CPU per page over the settling pages before the measured ones (V8 still optimising), idle not taken off. */
  settlingCpuPerPageMs: number;
  settlingPages: number;
}

/** The CPU time a process has used so far (user + system, all its threads), in ms, from /proc. */
function processCpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces, hence the last ')'): utime is the 14th field, stime the 15th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)!.trim().split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / clockTicksPerSecond();
}

let ticksPerSecond: number | undefined;
const clockTicksPerSecond = () => (ticksPerSecond ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round1 = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Uncached server-rendered search pages (issue 20): `GET /catalogue?q=acer&n=<run>-<i>`, one after
 * another on an otherwise idle server, each a URL no one asked before (the page cache keys on the
 * whole query string; `n` changes nothing else), with gzip accepted as a browser does. Latency to
 * the last byte, and the server process's CPU time per page read from /proc before and after
 * (its clock ticks are 10 ms, so a few hundred pages are needed), less what the process uses
 * idle: the bench server also runs the queue workers, whose polling is no page's cost.
 *
 * What is measured is a server that has been running a while: V8 keeps optimising the render's
 * code for the first few hundred pages (about 2 ms of CPU per page more, most of it on its compiler
 * threads). Those settling pages are measured too, and printed beside the figure.
 * The first pages of all (loading the bundle and route chunks) the web process renders before it
 * listens (src/ssr/warm-up.ts).
 */
export async function benchUncachedRender(baseUrl: string, serverPid: number, pages = 400, settlingPages = 500): Promise<UncachedFigures> {
  const run = Date.now().toString(36);
  const get = async (i: number | string) => {
    const url = `${baseUrl}${UNCACHED_SEARCH}&n=${run}-${i}`;
    const started = performance.now();
    const response = await fetch(url, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('text/html')) {
      throw new Error(`${url}: ${response.status} ${response.headers.get('content-type')}`);
    }
    return ms;
  };
  for (let i = 0; i < 30; i++) await get(`warm${i}`);
  const settling = processCpuMs(serverPid);
  for (let i = 0; i < settlingPages; i++) await get(`settle${i}`);
  const settlingCpuPerPageMs = (processCpuMs(serverPid) - settling) / settlingPages;
  const idleStart = { cpu: processCpuMs(serverPid), at: performance.now() };
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idleCpuMsPerSecond = (processCpuMs(serverPid) - idleStart.cpu) / ((performance.now() - idleStart.at) / 1000);
  const times: number[] = [];
  const started = { cpu: processCpuMs(serverPid), at: performance.now() };
  for (let i = 0; i < pages; i++) times.push(await get(i));
  const seconds = (performance.now() - started.at) / 1000;
  const cpuMs = processCpuMs(serverPid) - started.cpu - idleCpuMsPerSecond * seconds;
  times.sort((a, b) => a - b);
  return {
    pages,
    p50: round1(percentile(times, 50)),
    p95: round1(percentile(times, 95)),
    max: round1(times.at(-1)!),
    cpuPerPageMs: round1(cpuMs / pages),
    idleCpuMsPerSecond: round1(idleCpuMsPerSecond),
    settlingCpuPerPageMs: round1(settlingCpuPerPageMs),
    settlingPages,
  };
}
