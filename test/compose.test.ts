import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

/**
 * docker-compose.yml read as Compose reads it, without a docker-compose binary: YAML with anchors
 * and merge keys (the `yaml` library), then `${VAR:-default}` filled in as with an empty
 * environment. The checks are those `docker-compose config` would fail on for this file (unknown
 * services, volumes or dependency conditions) plus what the stack relies on: the services, the
 * processes run from the built image with node, their shared settings, and the published ports.
 */
const root = path.resolve(import.meta.dirname, '..');

interface Service {
  image?: string;
  build?: unknown;
  init?: boolean;
  command?: string[] | string;
  entrypoint?: string[] | string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

/** Compose's interpolation with no variable set: `${VAR:-default}` and `${VAR-default}` give the default, `${VAR}` nothing, `$$` a `$`. */
function interpolate(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\$|\$\{(\w+)(?::?-([^}]*))?\}/g, (match, _name: string | undefined, fallback: string | undefined) =>
      match === '$$' ? '$' : (fallback ?? ''),
    );
  }
  if (Array.isArray(value)) return value.map(interpolate);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, interpolate(inner)]));
  return value;
}

const compose = interpolate(parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true })) as ComposeFile;
const appServices = [
  ['web', 'dist/src/main.js'],
  ['worker', 'dist/workers/main.js'],
  ['migrate', 'dist/src/cli/migrate.js'],
] as const;

describe('docker-compose.yml', () => {
  it('describes the whole stack, each service with an image and only declared volumes', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'create-bucket',
      'mailpit',
      'migrate',
      'minio',
      'postgres',
      'redis',
      'web',
      'worker',
    ]);
    // No storage volume: web and worker share nothing but PostgreSQL, Redis and the bucket.
    expect(Object.keys(compose.volumes).sort()).toEqual(['miniodata', 'pgdata', 'redisdata']);
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.image, `${name}: image`).toMatch(/^[\w./-]+:[\w.-]+$/);
      for (const volume of service.volumes ?? [])
        expect(Object.keys(compose.volumes), `${name}: volume ${volume}`).toContain(volume.split(':')[0]);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(Object.keys(compose.services), `${name} depends on ${dependency}`).toContain(dependency);
        expect(['service_started', 'service_healthy', 'service_completed_successfully'], `${name} → ${dependency}`).toContain(condition);
        // Compose waits forever for a health that a service without a healthcheck never reports.
        if (condition === 'service_healthy') expect(compose.services[dependency]!.healthcheck, `${dependency}: healthcheck`).toBeDefined();
      }
    }
  });

  it('runs web, worker and the migration from the built image with node, on the bucket and the mail catcher', () => {
    const postgres = compose.services.postgres!.environment!;
    const minio = compose.services.minio!.environment!;
    for (const [name, entry] of appServices) {
      const service = compose.services[name]!;
      expect(service.build, name).toBe('.');
      expect(service.image, name).toBe('hothfield-nursery:latest');
      // node as the command (no npm in between), with an init process so SIGTERM reaches it.
      expect(service.command, name).toEqual(['node', entry]);
      expect(service.init, name).toBe(true);
      expect(service.volumes, name).toBeUndefined();
      const env = service.environment!;
      expect(env).toMatchObject({
        NODE_ENV: 'production',
        DATABASE_URL: `postgres://${postgres.POSTGRES_USER}:${postgres.POSTGRES_PASSWORD}@postgres:5432/${postgres.POSTGRES_DB}`,
        REDIS_URL: 'redis://redis:6379',
        STORAGE_URL: 's3://nursery?endpoint=http://minio:9000&forcePathStyle=true',
        S3_ACCESS_KEY_ID: minio.MINIO_ROOT_USER,
        S3_SECRET_ACCESS_KEY: minio.MINIO_ROOT_PASSWORD,
        SMTP_URL: 'smtp://mailpit:1025',
      });
    }
  });

  it('publishes the site, the mail catcher and the bucket console, and checks the web process is ready', () => {
    const web = compose.services.web!;
    expect(web.ports).toEqual(['3000:3000']); // the image listens on PORT=3000
    expect(compose.services.mailpit!.ports).toEqual(['8025:8025']);
    expect(compose.services.minio!.ports).toEqual(['9001:9001']);
    expect(web.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:3000/readyz');
    // The worker starts once the schema is migrated and the bucket exists, like web.
    expect(compose.services.worker!.depends_on).toEqual(web.depends_on);
    expect(web.depends_on).toMatchObject({
      migrate: { condition: 'service_completed_successfully' },
      'create-bucket': { condition: 'service_completed_successfully' },
    });
  });
});
