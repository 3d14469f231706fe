// What `npm test` needs from the machine, checked before it runs anything: a missing service or
// tool would otherwise show up minutes later as a pile of failed tests. Each check answers within
// a few seconds. Plain JavaScript, so it runs before anything is compiled (and without
// node_modules, which it checks first).
//
// `node scripts/preflight.mjs` runs the checks alone; scripts/test.mjs imports them.
// Where it looks is what the test helpers use: TEST_DATABASE_URL, TEST_REDIS_URL, CHROMIUM_PATH.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
/** How long a service gets to answer: a local PostgreSQL or Redis answers in milliseconds. */
const ANSWER_WITHIN_MS = 3000;

/** Programs the tests run, each with the Debian package that brings it. */
const programs = [
  { name: 'pdftotext', why: 'reads the catalogue PDF back in the e2e tests', how: 'apt-get install poppler-utils' },
  { name: 'redis-server', why: 'the outbox outage tests start a Redis of their own', how: 'apt-get install redis-server' },
  { name: 'redis-cli', why: 'the outbox outage tests ping their Redis', how: 'apt-get install redis-tools' },
];

/** The executable `name` in one of PATH's folders, or undefined. */
function findOnPath(name, searchPath) {
  for (const dir of (searchPath ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      if (!statSync(file).isFile()) continue;
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** host and port of a URL, with the scheme's default port. */
function endpoint(url, defaultPort) {
  const parsed = new URL(url);
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || defaultPort) };
}

/** Sends Redis a PING over a plain socket and resolves with undefined on +PONG, else with what went wrong. */
function pingRedis({ host, port }) {
  return new Promise((resolve) => {
    let answer = '';
    const socket = createConnection({ host, port });
    const done = (problem) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(ANSWER_WITHIN_MS, () => done(`no answer within ${ANSWER_WITHIN_MS / 1000} s`));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG') ? undefined : `answered ${JSON.stringify(answer.trim())}`);
    });
    socket.on('error', (error) => done(error.code ?? error.message));
  });
}

/** Connects with pg (the driver the tests use) and runs SELECT 1: checks the server, the user and trust auth at once. */
async function queryPostgres(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: ANSWER_WITHIN_MS });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return error.message || error.code;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * What is missing, one line each saying how to get it; empty when the suite can run.
 * `env` decides where to look (PATH, TEST_DATABASE_URL, TEST_REDIS_URL, CHROMIUM_PATH).
 */
export async function missingPrerequisites(env = process.env) {
  if (!existsSync(path.join(root, 'node_modules', '.bin', 'vitest'))) {
    // Nothing else can be checked (or run) without the dependencies.
    return ['node_modules: dependencies not installed: run `npm install` (or `npm ci`)'];
  }
  const databaseUrl = env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  const chromium = env.CHROMIUM_PATH || '/usr/bin/chromium';
  const pgAt = endpoint(databaseUrl, 5432);
  const redisAt = endpoint(redisUrl, 6379);

  const [postgresProblem, redisProblem] = await Promise.all([queryPostgres(databaseUrl), pingRedis(redisAt)]);
  const missing = [];
  if (postgresProblem) {
    missing.push(
      `PostgreSQL: no usable server at ${pgAt.host}:${pgAt.port} as ${new URL(databaseUrl).username || 'postgres'} (${postgresProblem}): ` +
        '`apt-get install postgresql`, start it with `pg_ctlcluster <version> main start`, and allow local trust auth (or set TEST_DATABASE_URL)',
    );
  }
  if (redisProblem) {
    missing.push(
      `Redis: no answer at ${redisAt.host}:${redisAt.port} (${redisProblem}): \`apt-get install redis-server\`, then \`redis-server --daemonize yes\` (or set TEST_REDIS_URL)`,
    );
  }
  try {
    accessSync(chromium, constants.X_OK);
  } catch {
    missing.push(
      `Chromium: nothing to run at ${chromium} (the e2e tests drive it): \`apt-get install chromium\` (Debian's build; or set CHROMIUM_PATH)`,
    );
  }
  for (const program of programs) {
    if (!findOnPath(program.name, env.PATH)) missing.push(`${program.name}: not on PATH (${program.why}): \`${program.how}\``);
  }
  return missing;
}

/** Prints what is missing; resolves true when nothing is. */
export async function preflight(env = process.env) {
  const missing = await missingPrerequisites(env);
  for (const line of missing) console.error(`✘ ${line}`);
  if (missing.length)
    console.error(`npm test stopped before running anything: ${missing.length} prerequisite(s) missing (README, "Prerequisites").`);
  return missing.length === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit((await preflight()) ? 0 : 1);
}
