import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** The Node version of the production image (Dockerfile) and of CI (.ci/run): bump all three together. */
const NODE_VERSION = '24.21.0';
/**
 * The npm that Node 24.21.0 bundles, so the npm that runs `npm ci` in the Dockerfile; and the last
 * npm 10, which still reads the lock differently (it nests conflicting optional peers).
 */
const NPM_VERSIONS = ['11.19.0', '10.9.9'];

/** A folder holding only the lock and package.json (`manifest` changes it as a Dockerfile stage does). */
function copyOfManifest(manifest: (pkg: Record<string, unknown>) => Record<string, unknown>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'nursery-lock-'));
  copyFileSync(path.join(root, 'package-lock.json'), path.join(dir, 'package-lock.json'));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(manifest(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>)),
  );
  return dir;
}
const committed = copyOfManifest((pkg) => pkg);
// The production-deps stage runs `npm pkg delete devDependencies && npm ci --omit=dev`.
const production = copyOfManifest(({ devDependencies: _, ...pkg }) => pkg);
afterAll(() => [committed, production].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** `npm ci --dry-run` with a pinned npm in a folder holding only package.json and the lock. */
function npmCiDryRun(work: string, npmVersion: string, ...args: string[]) {
  // Not the npm_config_* that `npm test` passes down: only the user's own npm configuration counts.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return spawnSync('npx', ['-y', `npm@${npmVersion}`, 'ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', ...args], {
    cwd: work,
    env,
    encoding: 'utf8',
    timeout: 110_000,
  });
}

describe('package-lock.json', () => {
  it(`is pinned to the Node ${NODE_VERSION} image the Dockerfile builds on and CI runs`, () => {
    expect(readFileSync(path.join(root, 'Dockerfile'), 'utf8')).toMatch(
      new RegExp(`^ARG NODE_IMAGE=node:${NODE_VERSION}-bookworm-slim$`, 'm'),
    );
    const ci = readFileSync(path.join(root, '.ci/run'), 'utf8');
    expect(ci).toMatch(new RegExp(`^NODE_VERSION=${NODE_VERSION}$`, 'm'));
    expect(ci).toMatch(new RegExp(`^NPM_VERSION=${NPM_VERSIONS[0]}$`, 'm'));
  });

  for (const npmVersion of NPM_VERSIONS) {
    for (const [what, work, args] of [
      ['ci', committed, []],
      ['ci --omit=dev', committed, ['--omit=dev']],
      ['ci --omit=dev without devDependencies (the image)', production, ['--omit=dev']],
    ] as const) {
      it(`is accepted by npm ${npmVersion} ${what}`, () => {
        const result = npmCiDryRun(work, npmVersion, ...args);
        expect(result.error).toBeUndefined();
        // npm ci refuses a lock that is out of sync with package.json ("Missing: … from lock file").
        expect(result.stderr).not.toMatch(/from lock file|npm error/);
        expect(result.status, result.stderr).toBe(0);
      }, 120_000);
    }
  }
});
