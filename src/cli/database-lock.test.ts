import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrate, type Db } from '../db.ts';
import { DatabaseInUseError } from '../db-lock.ts';

// The site's side is this test process holding the embedded database open, as `npm start` does;
// the commands run as real child processes against the same VAR_DIR.
const root = path.resolve(import.meta.dirname, '../..');
const cleanup: string[] = [];
const freshVarDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nursery-lock-'));
  cleanup.push(dir);
  return dir;
};
/** Embedded mode: no DATABASE_URL or REDIS_URL, whatever the test runner's environment has. */
const embeddedEnv = (varDir: string) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  VAR_DIR: varDir,
  LOG_LEVEL: 'silent',
  PORT: '0',
});
const run = (varDir: string, script: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, encoding: 'utf8', env: embeddedEnv(varDir) });

let varDir: string;
let site: Db;
const userEmails = async (db: Db) => (await db('users').orderBy('id').select('email')).map((r) => r.email as string);
const addUser = (db: Db, email: string) => db('users').insert({ firstname: 'Site', lastname: 'User', email, password_hash: 'x' });

beforeAll(async () => {
  varDir = freshVarDir();
  site = createDb({ databaseUrl: undefined, varDir });
  await migrate(site);
  await addUser(site, 'before@example.com');
}, 60_000);
afterAll(async () => {
  await site?.destroy();
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

describe('one process per embedded database folder', () => {
  it('refuses npm run user:create at once with a clear message; the site keeps working and the folder keeps only its writes', async () => {
    const result = run(
      varDir,
      'src/cli/user-create.ts',
      '--email',
      'refused@example.com',
      '--firstname',
      'Pat',
      '--lastname',
      'Grower',
      '--admin',
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `The site is running on ${varDir} (process ${process.pid}); stop it first, or add the user in Admin → Users.`,
    );
    expect(result.stdout).not.toContain('Created');
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/); // no stack trace

    await addUser(site, 'after@example.com');
    expect(await userEmails(site)).toEqual(['before@example.com', 'after@example.com']);
    // What is on disk once the site stops: its rows, nothing from the refused command.
    await site.destroy();
    site = createDb({ databaseUrl: undefined, varDir });
    expect(await userEmails(site)).toEqual(['before@example.com', 'after@example.com']);
  }, 60_000);

  for (const [name, script] of [
    ['npm run migrate', 'src/cli/migrate.ts'],
    ['npm run seed', 'src/cli/seed.ts'],
    ['the web process (npm start, npm run serve)', 'src/main.ts'],
  ] as const) {
    it(`refuses ${name} with the same message and exit code 1`, async () => {
      const result = run(varDir, script);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`The site is running on ${varDir}`);
      expect(result.stderr).toContain('stop it first.');
      expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
      expect(await site.raw('select 1 as ok').then((r) => r.rows)).toEqual([{ ok: 1 }]);
    }, 60_000);
  }

  it('lets the next process in at once when the holder is killed with -9, with no clock involved', async () => {
    const dir = freshVarDir();
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "import { createDb } from './src/db.ts'; const db = createDb({ varDir: process.env.VAR_DIR }); await db.raw('select 1'); console.log('holding'); setInterval(() => {}, 1000);",
      ],
      { cwd: root, env: embeddedEnv(dir), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.on('data', (chunk) => String(chunk).includes('holding') && resolve());
      holder.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
    });
    expect(() => createDb({ databaseUrl: undefined, varDir: dir })).toThrow(DatabaseInUseError);

    holder.kill('SIGKILL'); // no exit handler runs: whatever it left on disk stays
    await new Promise((resolve) => holder.once('exit', resolve));
    // The next opener runs with its clock stopped: a lock that had to go stale first could never be
    // taken (the guard below would end it); one the kernel released with the holder is taken at once.
    const next = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "const now = Date.now(); Date.now = () => now; const { createDb } = await import('./src/db.ts'); const db = createDb({ varDir: process.env.VAR_DIR }); console.log((await db.raw('select 1 as ok')).rows[0].ok); await db.destroy();",
      ],
      { cwd: root, encoding: 'utf8', env: embeddedEnv(dir), timeout: 50_000 },
    );
    expect(next.stderr).toBe('');
    expect(next.stdout.trim()).toBe('1');
    // Released on destroy: the next opener gets in at once.
    const again = createDb({ databaseUrl: undefined, varDir: dir });
    await again.destroy();
  }, 120_000);

  it('says plainly when the embedded database cannot be opened, with no stack trace', () => {
    const dir = freshVarDir();
    writeFileSync(path.join(dir, 'db'), 'not a database');
    const result = run(dir, 'src/cli/user-create.ts', '--email', 'x@example.com', '--firstname', 'Pat', '--lastname', 'Grower');
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(new RegExp(`^Could not open the embedded database in ${dir}/db: \\S[^\\n]*$`));
  }, 120_000);
});
