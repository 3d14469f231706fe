import http from 'node:http';

/**
 * The load generator of `trade.ts`'s API figures, in its own process: the server's event loop then
 * carries only the server's work, not a client's JSON parsing and decompression of a buyer's larger
 * answer. Each identity has its own keep-alive connection and sends its cookies as a browser would
 * (gzip accepted); bodies are read to the end, not parsed. Requests are interleaved round by round
 * (path × identity) so the machine's drift hits every identity alike.
 * IPC in: {baseUrl, cookies: {name: header}, paths, rounds, warmup}; out: {times: {name: {path: ms[]}}}.
 */
export interface ClientJob {
  baseUrl: string;
  cookies: Record<string, string>;
  paths: readonly string[];
  rounds: number;
  warmup: number;
}

function get(agent: http.Agent, url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers: { cookie, 'accept-encoding': 'gzip', accept: 'application/json' } }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () =>
        response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url}: ${response.statusCode}`)),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

process.once('message', async (job: ClientJob) => {
  const agents = Object.fromEntries(Object.keys(job.cookies).map((name) => [name, new http.Agent({ keepAlive: true, maxSockets: 1 })]));
  const times: Record<string, Record<string, number[]>> = Object.fromEntries(
    Object.keys(job.cookies).map((name) => [name, Object.fromEntries(job.paths.map((p) => [p, [] as number[]]))]),
  );
  for (let round = -job.warmup; round < job.rounds; round++) {
    for (const p of job.paths) {
      for (const [name, cookie] of Object.entries(job.cookies)) {
        const ms = await get(agents[name]!, job.baseUrl + p, cookie);
        if (round >= 0) times[name]![p]!.push(ms);
      }
    }
  }
  for (const agent of Object.values(agents)) agent.destroy();
  process.send!({ times }, () => process.exit(0));
});
