// `npm test`: checks the machine has what the suite needs (scripts/preflight.mjs), then formatting
// (Prettier), lint (ESLint, knip), typecheck, build the web app, then the Vitest projects (server + web, then e2e).
// Ends with one line `N passed, N failed` (static checks count as one test each).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { preflight } from './preflight.mjs';

// A missing service or tool stops the run at once, one line each saying how to get it, rather
// than as failed tests minutes later.
if (!(await preflight())) process.exit(1);

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;

function step(label, command, args) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

for (const [label, command, args] of [
  ['formatting (Prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['unused code (knip)', bin('knip'), []],
  ['typecheck (server)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['typecheck (web)', bin('tsc'), ['-p', 'web/tsconfig.json', '--noEmit']],
  ['build web app', bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']],
]) {
  if (step(label, command, args)) passed++;
  else failed++;
}

mkdirSync(path.join(root, 'test-results'), { recursive: true });
// Unit projects first, then the browser suite on its own, so server tests never compete with
// Chromium for the machine's cores (the e2e suite times a 6-second slideshow).
for (const [label, projects] of [
  ['vitest: server and web', ['--project', 'server', '--project', 'web']],
  ['vitest: e2e in Chromium', ['--project', 'e2e']],
]) {
  const report = path.join(root, 'test-results', `vitest-${projects.at(-1)}.json`);
  rmSync(report, { force: true });
  const ok = step(label, bin('vitest'), ['run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  if (!existsSync(report)) {
    failed++; // the run died before reporting
    continue;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests ?? 0;
  failed += json.numFailedTests ?? 0;
  // A file that failed to load counts as a failure even though no test in it ran.
  const brokenFiles = (json.testResults ?? []).filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  failed += brokenFiles;
  // Vitest failed for a reason no test shows (a global setup error, say): still a failure.
  if (!ok && !json.numFailedTests && !brokenFiles) failed++;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
