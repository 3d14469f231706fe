import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../passwords.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

const root = path.resolve(import.meta.dirname, '../..');
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ redis: false });
});
afterAll(async () => {
  await context?.close();
});

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/user-create.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: context.deps.config.databaseUrl, VAR_DIR: context.deps.config.varDir, LOG_LEVEL: 'silent' },
  });

describe('npm run user:create', () => {
  it('creates a verified admin and prints a generated password once', async () => {
    const result = run('--email', 'Boss@Example.com', '--firstname', 'Pat', '--lastname', 'Grower', '--admin');
    expect(result.status).toBe(0);
    const password = result.stdout.match(/Password \(shown once, store it safely\): (\S+)/)?.[1];
    expect(password).toBeDefined();
    const row = await context.deps.db('users').whereRaw('lower(email) = ?', ['boss@example.com']).first();
    expect(row).toMatchObject({ role: 'admin', firstname: 'Pat' });
    expect(row.email_verified_at).not.toBeNull();
    expect(await verifyPassword(row.password_hash, password!)).toBe(true);
  });

  it('uses a given password without printing it, and refuses a duplicate email clearly', async () => {
    const created = run('--email', 'user@example.com', '--firstname', 'Lee', '--lastname', 'Ash', '--password', 'given-password-1');
    expect(created.status).toBe(0);
    expect(created.stdout).not.toContain('given-password-1');
    const duplicate = run('--email', 'USER@example.com', '--firstname', 'Lee', '--lastname', 'Ash');
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toContain('A user with the email USER@example.com already exists. Nothing was changed.');
  });

  it('explains a missing argument', () => {
    const result = run('--email', 'x@example.com');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--firstname is required');
  });
});
