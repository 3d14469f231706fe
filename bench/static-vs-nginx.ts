import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { CACHED_PAGE } from './render-throughput.ts';

/** Debian's nginx; the comparison is skipped (with a note, not a failure) where it is missing. */
export const NGINX = '/usr/sbin/nginx';

/** One side's figures: mean req/s of the measured rounds, and process CPU per request. */
interface ServedFigures {
  rps: number;
  /** CPU time (user + system) of the serving processes per request, in microseconds. */
  cpuPerRequestUs: number;
  p99: number;
}

export interface StaticVsNginxFigures {
  page: string;
  /** Size of the gzip body both serve. */
  gzipBytes: number;
  app: ServedFigures;
  nginx: ServedFigures;
  /** App req/s ÷ nginx req/s (target ≥ 0.8). */
  rpsRatio: number;
  /** App CPU per request ÷ nginx's (target ≤ 4). */
  cpuRatio: number;
  /** A root static file and a built asset from the app, for reference (no nginx counterpart). */
  staticFiles: { path: string; rps: number; cpuPerRequestUs: number }[];
}

/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ: 100 on every mainstream build). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process (all its threads), in microseconds. */
function processCpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may contain spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // fields 14 and 15 of the whole line
  return (ticks * 1_000_000) / TICKS_PER_SECOND;
}

/** The process and its direct children (nginx's master and its workers). */
function withChildren(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return [pid, ...(children ? children.split(' ').map(Number) : [])];
}

const cpuOf = (pids: () => number[]) => pids().reduce((sum, pid) => sum + processCpuUs(pid), 0);

/** The raw (still gzip-compressed) body and headers of a GET; fetch would decompress it. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)])),
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Headers nginx writes itself, or that differ per response: not copied into its config. */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-type',
  'x-request-id',
  'set-cookie',
]);

/**
 * A config that serves `file` at `page` with the app's own headers (Content-Type, Content-Encoding,
 * the security headers, Cache-Control, Vary), so both answers are the same bytes on the wire give
 * or take Date, ETag and the request id. One worker: the app is one process too. Every path nginx
 * would write is in the temp dir, so it runs unprivileged.
 */
function nginxConfig(dir: string, port: number, page: string, file: string, headers: Record<string, string>): string {
  const quoted = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;
  const addHeaders = Object.entries(headers)
    .filter(([name, value]) => !OWN_HEADERS.has(name) && !value.includes('$'))
    .map(([name, value]) => `      add_header ${name} ${quoted(value)} always;`)
    .join('\n');
  return `worker_processes 1;
daemon off;
master_process on;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 1000000;
  types {}
  server {
    listen 127.0.0.1:${port};
    location = ${page} {
      default_type ${quoted(headers['content-type'] ?? 'text/html; charset=utf-8')};
${addHeaders}
      alias ${file};
    }
  }
}
`;
}

/** Starts nginx on the config; resolves once it answers on `port`. */
async function startNginx(dir: string, port: number): Promise<ChildProcess> {
  const nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  const exited = new Promise<never>((_, reject) =>
    nginx.once('exit', (code) => {
      const log = existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
      reject(new Error(`nginx exited with ${code}: ${log}`));
    }),
  );
  exited.catch(() => undefined);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await rawGet(`http://127.0.0.1:${port}/`, {}).then(
      () => true,
      () => false,
    );
    if (up) return nginx;
    if (Date.now() > deadline) throw new Error('nginx did not start in time');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
}

const HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip' };

/** One autocannon round (50 connections) with the serving processes' CPU time around it. */
async function round(
  url: string,
  duration: number,
  pids: () => number[],
): Promise<{ rps: number; requests: number; cpuUs: number; p99: number }> {
  const before = cpuOf(pids);
  const result = await autocannon({ url, connections: 50, duration, headers: HEADERS });
  const cpuUs = cpuOf(pids) - before;
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, requests: result.requests.total, cpuUs, p99: result.latency.p99 };
}

const summary = (rounds: { rps: number; requests: number; cpuUs: number; p99: number }[]): ServedFigures => ({
  rps: rounds.reduce((sum, r) => sum + r.rps, 0) / rounds.length,
  cpuPerRequestUs: rounds.reduce((sum, r) => sum + r.cpuUs, 0) / rounds.reduce((sum, r) => sum + r.requests, 0),
  p99: Math.max(...rounds.map((r) => r.p99)),
});

/**
 * The cached public page against nginx serving the very same gzip bytes (issue 20: "a cached page
 * costs what a static file costs"). The app's `/about` is fetched gzip-encoded, written to a temp
 * dir and served by Debian's nginx (one worker, no access log — the bench app's logger is silent
 * too) with the app's headers; then both are loaded with autocannon, 50 connections, 3 rounds
 * alternating after a warm-up, so drift hits both alike. CPU per request is the serving
 * processes' own CPU time (/proc/<pid>/stat) over the rounds: the app's server process alone
 * (autocannon runs in this, the parent process), nginx's master and worker. nginx is stopped at
 * the end, also on error. Undefined when nginx is not installed.
 */
export async function benchStaticVsNginx(baseUrl: string, appPid: number, duration = 6): Promise<StaticVsNginxFigures | undefined> {
  if (!existsSync(NGINX)) return undefined;
  const appUrl = `${baseUrl}${CACHED_PAGE}`;
  const fromApp = await rawGet(appUrl, HEADERS);
  if (fromApp.status !== 200 || fromApp.headers['content-encoding'] !== 'gzip') {
    throw new Error(`${appUrl}: expected a 200 gzip page, got ${fromApp.status} ${fromApp.headers['content-encoding']}`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  let nginx: ChildProcess | undefined;
  let stopOnExit: (() => void) | undefined;
  try {
    const file = path.join(dir, 'page.html.gz');
    writeFileSync(file, fromApp.body, { mode: 0o644 });
    chmodSync(dir, 0o755); // run as root, nginx's workers are `nobody`: they must read the file
    const port = await freePort();
    writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, CACHED_PAGE, file, fromApp.headers));
    nginx = await startNginx(dir, port);
    // Should this process die without reaching `finally`, nginx (fast shutdown) goes with it.
    const started = nginx;
    stopOnExit = () => started.kill('SIGTERM');
    process.once('exit', stopOnExit);
    const nginxPid = nginx.pid!;
    const nginxUrl = `http://127.0.0.1:${port}${CACHED_PAGE}`;
    const fromNginx = await rawGet(nginxUrl, HEADERS);
    if (!fromNginx.body.equals(fromApp.body) || fromNginx.headers['content-encoding'] !== 'gzip') {
      throw new Error(
        `nginx does not serve the same gzip bytes as the app: ${fromNginx.status}, ${fromNginx.body.length} vs ${fromApp.body.length} bytes, ${JSON.stringify(fromNginx.headers)}`,
      );
    }

    const appPids = () => [appPid];
    const nginxPids = () => withChildren(nginxPid);
    await round(appUrl, 2, appPids);
    await round(nginxUrl, 2, nginxPids);
    const app: Awaited<ReturnType<typeof round>>[] = [];
    const other: Awaited<ReturnType<typeof round>>[] = [];
    for (let i = 0; i < 3; i++) {
      other.push(await round(nginxUrl, duration, nginxPids));
      app.push(await round(appUrl, duration, appPids));
    }
    const appFigures = summary(app);
    const nginxFigures = summary(other);

    // For reference: the app's own static files (from memory), one round each after a warm-up.
    const asset = (await (await fetch(`${baseUrl}/`)).text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    const staticFiles = [];
    for (const staticPath of ['/favicon.svg', ...(asset ? [asset] : [])]) {
      await round(`${baseUrl}${staticPath}`, 2, appPids);
      const figures = summary([await round(`${baseUrl}${staticPath}`, duration, appPids)]);
      staticFiles.push({ path: staticPath, rps: figures.rps, cpuPerRequestUs: figures.cpuPerRequestUs });
    }

    return {
      page: CACHED_PAGE,
      gzipBytes: fromApp.body.length,
      app: appFigures,
      nginx: nginxFigures,
      rpsRatio: appFigures.rps / nginxFigures.rps,
      cpuRatio: appFigures.cpuPerRequestUs / nginxFigures.cpuPerRequestUs,
      staticFiles,
    };
  } finally {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT'); // graceful: the master stops its workers and exits
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
    if (stopOnExit) process.off('exit', stopOnExit);
    rmSync(dir, { recursive: true, force: true });
  }
}
