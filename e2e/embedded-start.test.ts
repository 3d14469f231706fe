import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const varDir = mkdtempSync(path.join(tmpdir(), 'nursery-embedded-'));
let child: ReturnType<typeof spawn> | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  rmSync(varDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('npm start on a machine with no services', () => {
  it('serves the site with its demo content within 60 s, using PGlite and in-process jobs', async () => {
    const port = await freePort();
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      VAR_DIR: varDir,
      LOG_LEVEL: 'warn',
    };
    const started = Date.now();
    child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const base = `http://127.0.0.1:${port}`;

    const ready = async () => {
      const [home, widget, catalogue] = await Promise.all([
        fetch(`${base}/`),
        fetch(`${base}/api/widgets/HomeText`).then((r) => r.json() as Promise<{ html?: string }>),
        fetch(`${base}/api/catalogue?limit=1`).then((r) => r.json() as Promise<{ total?: number }>),
      ]);
      return home.ok && (widget.html?.length ?? 0) > 100 && (catalogue.total ?? 0) >= 300;
    };
    for (;;) {
      if (await ready().catch(() => false)) break;
      if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      if (Date.now() - started > 60_000) throw new Error(`not serving demo content after 60 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const elapsed = Date.now() - started;
    console.log(`embedded start served demo content after ${(elapsed / 1000).toFixed(1)} s`);
    expect(elapsed).toBeLessThan(60_000);
    expect(existsSync(path.join(varDir, 'db'))).toBe(true);
    expect(existsSync(path.join(varDir, 'app-key'))).toBe(true);

    // The in-process worker renders the catalogue downloads without Redis.
    await expect
      .poll(async () => ((await (await fetch(`${base}/api/catalogue/downloads`)).json()) as { pdf: unknown }).pdf, {
        timeout: 60_000,
        interval: 500,
      })
      .not.toBeNull();

    // Without SMTP_URL an enquiry is written as an .eml file.
    const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
    const token = csrf.headers
      .getSetCookie()
      .find((c) => c.startsWith('XSRF-TOKEN='))!
      .split(';')[0]!
      .slice('XSRF-TOKEN='.length);
    const sent = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        cookie: `XSRF-TOKEN=${token}`,
        'x-xsrf-token': decodeURIComponent(token),
      },
      body: JSON.stringify({ name: 'Embedded', telephone: '01233 555 000', email: 'e@example.com', message: 'Hello' }),
    });
    expect(sent.status).toBe(201);
    await expect
      .poll(() => (existsSync(path.join(varDir, 'mail')) ? readdirSync(path.join(varDir, 'mail')).length : 0), { timeout: 10_000 })
      .toBe(1);

    // A second `npm start` on the same VAR_DIR would open its own copy of the database: it refuses
    // with a message naming the folder, and the running site is unharmed.
    // Not spawnSync: a blocked event loop would leave fetch a keep-alive socket the server has closed.
    const second = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...env, PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const refused = { stderr: '', status: null as number | null };
    second.stderr!.on('data', (d) => (refused.stderr += d));
    refused.status = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`The site is running on ${varDir}`);
    expect(refused.stderr).toContain('stop it first.');
    expect(child.exitCode).toBeNull();
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(((await (await fetch(`${base}/api/catalogue?limit=1`)).json()) as { total: number }).total).toBeGreaterThanOrEqual(300);
  });
});
