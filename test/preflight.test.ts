import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './wait.ts';

/**
 * `npm test` first checks the machine (scripts/preflight.mjs). Here it runs on a machine that lacks
 * one tool and one service: a PATH of links to every program on the real PATH but pdftotext, and a
 * Redis port nothing listens on. It must stop at once and name exactly those two, with how to get them.
 */
const root = path.resolve(import.meta.dirname, '..');
/** The bound for "stops at once": a missing prerequisite is reported within 10 s. */
const STOPS_WITHIN_MS = 10_000;
let pathWithoutPdftotext: string;
let closedRedisUrl: string;

beforeAll(async () => {
  pathWithoutPdftotext = mkdtempSync(path.join(tmpdir(), 'nursery-path-'));
  const linked = new Set<string>();
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // a PATH entry that does not exist
    }
    for (const name of names) {
      // The first one on PATH wins, as for the shell.
      if (name === 'pdftotext' || linked.has(name)) continue;
      symlinkSync(path.join(dir, name), path.join(pathWithoutPdftotext, name));
      linked.add(name);
    }
  }
  // A port that was free a moment ago: nothing answers there.
  closedRedisUrl = `redis://127.0.0.1:${await freePort()}`;
});
afterAll(() => rmSync(pathWithoutPdftotext, { recursive: true, force: true }));

function run(script: string, env: Record<string, string>) {
  return spawnSync(process.execPath, [script], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', timeout: STOPS_WITHIN_MS });
}

describe('npm test preflight', () => {
  it('names the missing tool and the unreachable Redis, each with how to get it, and fails', () => {
    const result = run('scripts/preflight.mjs', { PATH: pathWithoutPdftotext, TEST_REDIS_URL: closedRedisUrl });
    expect(result.signal, 'stopped by the timeout').toBeNull();
    expect(result.status).toBe(1);
    const problems = result.stderr.split('\n').filter((line) => line.startsWith('✘ '));
    expect(problems).toHaveLength(2);
    expect(problems.find((line) => line.startsWith('✘ Redis:'))).toContain(
      `${new URL(closedRedisUrl).host} (ECONNREFUSED): \`apt-get install redis-server\``,
    );
    expect(problems.find((line) => line.startsWith('✘ pdftotext:'))).toContain('`apt-get install poppler-utils`');
  });

  it('passes quietly on this machine, which has everything', () => {
    const result = run('scripts/preflight.mjs', {});
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('stops `npm test` before it runs anything', () => {
    const result = run('scripts/test.mjs', { PATH: pathWithoutPdftotext });
    expect(result.signal, 'stopped by the timeout').toBeNull();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^✘ pdftotext:/m);
    expect(result.stdout).not.toContain('▶ lint');
  });
});
