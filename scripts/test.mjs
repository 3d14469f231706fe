// `npm test`: lint, typecheck, build the web app, then every Vitest project (server, web, e2e).
// Ends with one line `N passed, N failed` (static checks count as one test each).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

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
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['typecheck (server)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['typecheck (web)', bin('tsc'), ['-p', 'web/tsconfig.json', '--noEmit']],
  ['build web app', bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']],
]) {
  if (step(label, command, args)) passed++;
  else failed++;
}

mkdirSync(path.join(root, 'test-results'), { recursive: true });
const report = path.join(root, 'test-results', 'vitest.json');
step('vitest (server, web, e2e)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests ?? 0;
  failed += (json.numFailedTests ?? 0) + (json.numTotalTestSuites && json.success === false && !json.numFailedTests ? 1 : 0);
} else {
  failed++;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
