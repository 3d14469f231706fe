import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/auth.ts';
import { createTestContext, startTestServer } from '../../test/harness.ts';
import { normalizeIp } from './client-ip.ts';

/** Starts the real app with these settings; closed after the file. */
const closers: (() => Promise<void>)[] = [];
async function appWith(env: Record<string, string>) {
  const context = await createTestContext({ redis: false, env });
  const server = await startTestServer(context);
  closers.push(async () => {
    await server.close();
    await context.close();
  });
  return { context, server };
}
afterAll(async () => {
  for (const close of closers) await close();
});

const randomIp = () => [...randomBytes(4)].join('.');
const PROXY_SAW = '203.0.113.9';

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith({ TRUST_PROXY: '1' });
  });

  it('counts registrations whose X-Forwarded-For rotates its left part against the address the proxy saw', async () => {
    const { server } = app;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const client = server.client();
      client.ip = `${randomIp()}, ${PROXY_SAW}`;
      await client.csrf();
      const password = 'rotating-ip-password';
      const response = await client.post('/register', {
        firstname: 'Ro',
        lastname: 'Tate',
        email: `rotate${i}@example.com`,
        password,
        password_confirmation: password,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('counts failed logins whose X-Forwarded-For rotates against the address the proxy saw', async () => {
    const { server, context } = app;
    const { email } = await insertUser(context.deps);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = server.client();
      client.ip = `${randomIp()}, ${randomIp()}, ${PROXY_SAW}`;
      await client.csrf();
      statuses.push((await client.post('/login', { email, password: 'wrong password', remember: false })).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('stores a valid IP for an enquiry whatever X-Forwarded-For holds, and answers 201, never 500', async () => {
    const { server, context } = app;
    const headers = [
      `${'9'.repeat(70)}`,
      `${randomIp()}, ${'a'.repeat(200)}`,
      'not-an-ip',
      `${'10.0.0.1, '.repeat(19)}1.2.3.4`,
      '[2001:db8::7]:443',
      '198.51.100.4:8080',
    ];
    for (const [i, value] of headers.entries()) {
      const client = server.client();
      client.ip = value;
      await client.csrf();
      const response = await client.post('/api/contact', {
        name: `Proxy ${i}`,
        telephone: '01233 555 000',
        email: 'p@example.com',
        message: 'Hello',
      });
      expect(response.status, value).toBe(201);
    }
    const ips = (await context.deps.db('contact_messages').orderBy('id').select('ip')).map((r) => r.ip as string);
    expect(ips).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '1.2.3.4', '2001:db8::7', '198.51.100.4']);
  });
});

describe('normalizeIp', () => {
  it('keeps valid IPv4 and IPv6 addresses and strips a port', () => {
    expect(normalizeIp(' 203.0.113.9 ')).toBe('203.0.113.9');
    expect(normalizeIp('::ffff:127.0.0.1')).toBe('::ffff:127.0.0.1');
    expect(normalizeIp('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(normalizeIp('203.0.113.9:8080')).toBe('203.0.113.9');
  });

  it('refuses anything that is not an IP, however long', () => {
    for (const bad of [undefined, '', 'unknown', '999.1.1.1', 'x'.repeat(65), '1'.repeat(10_000), '1.2.3.4, 5.6.7.8', '<script>']) {
      expect(normalizeIp(bad), String(bad).slice(0, 20)).toBeUndefined();
    }
  });
});

describe('every proxy and APP_URL configuration', () => {
  for (const env of [
    { APP_URL: 'http://localhost:3000', TRUST_PROXY: '0' },
    { APP_URL: 'http://localhost:3000', TRUST_PROXY: '2' },
    { APP_URL: 'https://trade.example.com', TRUST_PROXY: '0' },
    { APP_URL: 'https://trade.example.com', TRUST_PROXY: '1' },
  ]) {
    const https = env.APP_URL.startsWith('https:');
    it(`answers /healthz and pages over plain http, cookies Secure only for https (${env.APP_URL}, TRUST_PROXY=${env.TRUST_PROXY}, no X-Forwarded-Proto)`, async () => {
      const { server } = await appWith(env);
      const health = await fetch(`${server.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });

      // A page with a no-JavaScript form, so that even a guest's first visit is given a token.
      const page = await server.client().request('GET', '/contact', { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      const cookie = page.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
      expect(cookie).toBeDefined();
      expect(/;\s*secure/i.test(cookie!)).toBe(https);
      expect(page.headers.has('strict-transport-security')).toBe(https);
    });
  }
});
