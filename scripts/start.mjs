// `npm start`: builds the web app when the build is missing or older than its sources, seeds a
// fresh demo database, then runs the web process. Plain JavaScript so it runs before anything is
// compiled.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const stale = !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestMtime(path.join(root, 'web'));
if (stale) {
  console.log('Building the web app…');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The demo is one visitor's site on a laptop, so it is tuned for a small footprint (bench
// `demo-rss` measures it). Embedded mode runs image jobs in process: two malloc arenas keep
// libvips' freed buffers from piling up (see Dockerfile) and a low trim threshold hands freed
// memory back. V8's young generation is capped at 2 MB per semi-space: Node 24 sizes it for
// servers, ~100 MB the demo would keep reserved and never use.
const nodeArgs = ['--max-semi-space-size=2', '--import', 'tsx'];
const env = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', ...process.env };

/** Runs a TypeScript entry point as a child; signals to this launcher are passed on to it. */
function run(entry) {
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, entry)], { cwd: root, stdio: 'inherit', env });
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      for (const name of ['SIGINT', 'SIGTERM']) process.off(name, forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

// A fresh embedded database is seeded by `npm run seed` in a process of its own, which also makes
// the demo's pictures and catalogue downloads and then exits: the web process starts on finished
// content, and the memory that work took goes with the seeding process instead of staying with the
// site for as long as it runs. (The web process would seed by itself too, e.g. after a first start
// killed half-way.)
const freshDemo = !process.env.DATABASE_URL && !existsSync(path.resolve(root, process.env.VAR_DIR ?? 'var', 'db'));
if (freshDemo) {
  console.log('Seeding the demo content…');
  const code = await run('src/cli/seed.ts');
  if (code !== 0) process.exit(code);
}
process.exit(await run('src/main.ts'));
