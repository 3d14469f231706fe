import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const compose = (...args: string[]) => execFileSync('docker-compose', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' });
const lines = (text: string) => text.split('\n').filter(Boolean).sort();

/** One service's lines of the normalised `docker-compose config` output (two-space indented YAML). */
function serviceBlock(config: string, name: string): string {
  const all = config.split('\n');
  const start = all.indexOf(`  ${name}:`, all.indexOf('services:'));
  expect(start, `service ${name}`).toBeGreaterThan(-1);
  const end = all.findIndex((line, i) => i > start && !line.startsWith('    '));
  return all.slice(start, end).join('\n') + '\n';
}

describe('docker-compose.yml', () => {
  it('passes `docker-compose config -q` and describes the whole stack', () => {
    compose('config', '-q');
    expect(lines(compose('config', '--services'))).toEqual(['create-bucket', 'mailpit', 'migrate', 'minio', 'postgres', 'redis', 'web', 'worker']);
    // No storage volume: web and worker share nothing but PostgreSQL, Redis and the bucket.
    expect(lines(compose('config', '--volumes'))).toEqual(['miniodata', 'pgdata', 'redisdata']);
  });

  it('runs web, worker and the migration from the built image with node, on the bucket and the mail catcher', () => {
    const config = compose('config');
    for (const [service, entry] of [
      ['web', 'dist/src/main.js'],
      ['worker', 'dist/workers/main.js'],
      ['migrate', 'dist/src/cli/migrate.js'],
    ] as const) {
      const block = serviceBlock(config, service);
      expect(block).toContain('image: hothfield-nursery:latest');
      expect(block).toMatch(new RegExp(`command:\\n\\s+- node\\n\\s+- ${entry.replaceAll('.', '\\.')}\\n`));
      expect(block).toContain('STORAGE_URL: s3://nursery?endpoint=http://minio:9000&forcePathStyle=true');
      expect(block).toContain('SMTP_URL: smtp://mailpit:1025');
      expect(block).not.toContain('volumes:');
    }
  });
});
