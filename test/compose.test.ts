import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('docker-compose.yml', () => {
  it('passes `docker-compose config -q` and describes postgres, redis, web and worker', () => {
    execFileSync('docker-compose', ['config', '-q'], { cwd: root, stdio: 'pipe' });
    const services = execFileSync('docker-compose', ['config', '--services'], { cwd: root, encoding: 'utf8' });
    expect(services.split('\n').filter(Boolean).sort()).toEqual(['postgres', 'redis', 'web', 'worker']);
  });
});
